import * as v from 'valibot';

/**
 * Survey templates are a subset of FHIR R4 `Questionnaire`, answers a subset of `QuestionnaireResponse`
 * (decisions.md, 2026-11-24 surveys): conditions (`enableWhen`), required items and typed answers are
 * native there, and a hospital system can read both as they are. Only flat item lists (no groups).
 */
export const SURVEY_ITEMS_MAX = 50;
export const SURVEY_OPTIONS_MAX = 20;
export const SURVEY_TEXT_MAX = 500;
export const SURVEY_ANSWER_TEXT_MAX = 2000;

/** FHIR extension URLs of the subset. */
export const FHIR_MIN_VALUE = 'http://hl7.org/fhir/StructureDefinition/minValue';
export const FHIR_MAX_VALUE = 'http://hl7.org/fhir/StructureDefinition/maxValue';
export const FHIR_UNIT = 'http://hl7.org/fhir/StructureDefinition/questionnaire-unit';
export const FHIR_ITEM_CONTROL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
export const FHIR_ITEM_CONTROL_SYSTEM = 'http://hl7.org/fhir/questionnaire-item-control';
export const UCUM = 'http://unitsofmeasure.org';

const Text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(max, 'tooLong'));
/** A linkId or an option code: short, URL- and FHIR-safe. */
const Code = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,40}$/, 'invalid'));
const Int = v.pipe(v.number(), v.integer(), v.minValue(-1_000_000), v.maxValue(1_000_000));
const Dec = v.pipe(v.number(), v.finite(), v.minValue(-1_000_000_000), v.maxValue(1_000_000_000));
const FhirDate = v.pipe(v.string(), v.isoDate());

export const SurveyItemType = v.picklist(['choice', 'integer', 'decimal', 'date', 'string', 'text']);
export type SurveyItemType = v.InferOutput<typeof SurveyItemType>;

export const Coding = v.object({
  system: v.optional(v.string()),
  code: Code,
  display: v.optional(Text(SURVEY_TEXT_MAX)),
});
export type Coding = v.InferOutput<typeof Coding>;

export const SurveyExtension = v.variant('url', [
  v.object({ url: v.literal(FHIR_MIN_VALUE), valueInteger: Int }),
  v.object({ url: v.literal(FHIR_MAX_VALUE), valueInteger: Int }),
  v.object({
    url: v.literal(FHIR_UNIT),
    valueCoding: v.object({
      system: v.optional(v.string()),
      code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(20)),
      display: v.optional(v.string()),
    }),
  }),
  v.object({
    url: v.literal(FHIR_ITEM_CONTROL),
    valueCodeableConcept: v.object({
      coding: v.tuple([v.object({ system: v.literal(FHIR_ITEM_CONTROL_SYSTEM), code: v.literal('slider') })]),
    }),
  }),
]);
export type SurveyExtension = v.InferOutput<typeof SurveyExtension>;

/** One answer value, as FHIR names it (`answer[x]` of enableWhen, `value[x]` of a response answer). */
export const EnableWhenOperator = v.picklist(['exists', '=', '!=', '>', '<', '>=', '<=']);
export type EnableWhenOperator = v.InferOutput<typeof EnableWhenOperator>;

export const EnableWhen = v.union([
  v.object({ question: Code, operator: v.literal('exists'), answerBoolean: v.boolean() }),
  v.object({ question: Code, operator: EnableWhenOperator, answerCoding: v.object({ code: Code }) }),
  v.object({ question: Code, operator: EnableWhenOperator, answerInteger: Int }),
  v.object({ question: Code, operator: EnableWhenOperator, answerDecimal: Dec }),
  v.object({ question: Code, operator: EnableWhenOperator, answerDate: FhirDate }),
]);
export type EnableWhen = v.InferOutput<typeof EnableWhen>;

export const QuestionnaireItem = v.object({
  linkId: Code,
  text: Text(SURVEY_TEXT_MAX),
  type: SurveyItemType,
  required: v.optional(v.boolean(), false),
  /** Multiple choice: several options may be ticked. */
  repeats: v.optional(v.boolean(), false),
  answerOption: v.optional(
    v.pipe(v.array(v.object({ valueCoding: Coding })), v.maxLength(SURVEY_OPTIONS_MAX, 'tooLong')),
  ),
  enableWhen: v.optional(v.pipe(v.array(EnableWhen), v.maxLength(5, 'tooLong'))),
  enableBehavior: v.optional(v.picklist(['all', 'any'])),
  extension: v.optional(v.pipe(v.array(SurveyExtension), v.maxLength(4, 'tooLong'))),
});
export type QuestionnaireItem = v.InferOutput<typeof QuestionnaireItem>;

/** Structural rules the schema alone cannot say: see `questionnaireProblems`. */
export const Questionnaire = v.object({
  resourceType: v.literal('Questionnaire'),
  status: v.optional(v.picklist(['draft', 'active', 'retired']), 'active'),
  title: Text(150),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SURVEY_TEXT_MAX, 'tooLong'))),
  item: v.pipe(
    v.array(QuestionnaireItem),
    v.minLength(1, 'required'),
    v.maxLength(SURVEY_ITEMS_MAX, 'tooLong'),
  ),
});
export type Questionnaire = v.InferOutput<typeof Questionnaire>;

export const AnswerValue = v.union([
  v.object({ valueCoding: v.object({ code: Code, display: v.optional(v.string()) }) }),
  v.object({ valueInteger: Int }),
  v.object({ valueDecimal: Dec }),
  v.object({ valueDate: FhirDate }),
  v.object({
    valueString: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'required'),
      v.maxLength(SURVEY_ANSWER_TEXT_MAX, 'tooLong'),
    ),
  }),
]);
export type AnswerValue = v.InferOutput<typeof AnswerValue>;

export const ResponseItem = v.object({
  linkId: Code,
  answer: v.pipe(v.array(AnswerValue), v.maxLength(SURVEY_OPTIONS_MAX, 'tooLong')),
});
export type ResponseItem = v.InferOutput<typeof ResponseItem>;

export const QuestionnaireResponse = v.object({
  resourceType: v.literal('QuestionnaireResponse'),
  status: v.picklist(['in-progress', 'completed']),
  item: v.pipe(v.array(ResponseItem), v.maxLength(SURVEY_ITEMS_MAX, 'tooLong')),
});
export type QuestionnaireResponse = v.InferOutput<typeof QuestionnaireResponse>;
