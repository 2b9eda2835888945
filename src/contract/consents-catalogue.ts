/**
 * The consents catalogue (spec section 4): consent types, the models behind them and their categories, as
 * the portal reads them before a ceremony. The consents themselves and their ceremony: consents.ts.
 */
import * as v from 'valibot';
import { ConsentCategory } from './consents';

/** `GET /consensusTypes`. */
export const ConsentType = v.object({
  code: v.string(),
  category: ConsentCategory,
  desc: v.string(),
  description: v.string(),
  modelCode: v.string(),
  patientCollectable: v.boolean(),
  /** Months of validity; null = no expiry. */
  validityMonths: v.nullable(v.pipe(v.number(), v.integer())),
});
export type ConsentType = v.InferOutput<typeof ConsentType>;
export const ConsentTypeList = v.object({ consensusTypes: v.array(ConsentType) });
export type ConsentTypeList = v.InferOutput<typeof ConsentTypeList>;

/** `GET /modelConsents`. */
export const ModelConsentList = v.object({
  modelConsents: v.array(
    v.object({
      modelCode: v.string(),
      consentCode: v.string(),
      category: ConsentCategory,
      title: v.string(),
    }),
  ),
});
export type ModelConsentList = v.InferOutput<typeof ModelConsentList>;

/** `GET /modelConsentCategories`. */
export const ConsentCategoryList = v.object({
  consentCategories: v.array(v.object({ code: ConsentCategory, desc: v.string() })),
});
export type ConsentCategoryList = v.InferOutput<typeof ConsentCategoryList>;

/** `GET /models?modelCode=`: a missing code answers 400 MODEL_NOT_SELECTED, an unknown one 404. */
export const ModelQuery = v.object({ modelCode: v.optional(v.string()) });
export const Model = v.object({
  modelCode: v.string(),
  title: v.string(),
  /** The information notice, one paragraph an item: shown before the form asks "I have read it". */
  notice: v.array(v.string()),
  /** JSON Schema (draft 2020-12 subset) as text; the client parses it (spec: "parsed from text"). */
  jsonSchema: v.string(),
});
export type Model = v.InferOutput<typeof Model>;
