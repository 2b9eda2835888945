import * as v from 'valibot';

/** A code and its description in the caller's language. */
export const CodeDesc = v.object({ code: v.string(), desc: v.string() });
export type CodeDesc = v.InferOutput<typeof CodeDesc>;

export const PidTypeList = v.object({ pidTypeList: v.array(CodeDesc) });
export type PidTypeList = v.InferOutput<typeof PidTypeList>;

export const PatientLocationCode = v.picklist(['O', 'DH', 'DS', 'E', 'SCR', 'I']);
export type PatientLocationCode = v.InferOutput<typeof PatientLocationCode>;

export const PatientCurrentLocations = v.object({
  patientCurrentLocations: v.array(v.object({ code: PatientLocationCode, desc: v.string() })),
});
export type PatientCurrentLocations = v.InferOutput<typeof PatientCurrentLocations>;

export const Utilities = v.object({
  mdMkConsensusDossierCode: v.string(),
  applicationTitle: v.string(),
  helpDeskPhone: v.string(),
  helpDeskEmail: v.string(),
  serverVersion: v.string(),
});
export type Utilities = v.InferOutput<typeof Utilities>;

const HelpSegment = v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9-]{0,39}$/, 'invalid'));
export const HelpParams = v.object({ controller: HelpSegment, action: HelpSegment });

export const HelpPage = v.object({
  controller: v.string(),
  action: v.string(),
  title: v.string(),
  paragraphs: v.array(v.string()),
});
export type HelpPage = v.InferOutput<typeof HelpPage>;

/** `GET /help`: every help text, in the order of the portal's screens (the public Help and FAQ pages). */
export const HelpPages = v.object({ pages: v.array(HelpPage) });
export type HelpPages = v.InferOutput<typeof HelpPages>;
