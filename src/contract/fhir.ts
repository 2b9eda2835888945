import * as v from 'valibot';

/**
 * The FHIR read API (`/fhir`, FHIR R4): the resource types it serves, and its search parameters as FHIR
 * spells them. The replies are FHIR resources (typed by @medplum/fhirtypes on the server), not this
 * contract's; what is here is what a request may carry.
 */
export const FHIR_RESOURCE_TYPES = [
  'Patient',
  'Observation',
  'Condition',
  'AllergyIntolerance',
  'MedicationStatement',
  'Immunization',
  'DocumentReference',
  'CarePlan',
  'QuestionnaireResponse',
  'Consent',
  'AuditEvent',
] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

/** A page holds at most this many resources (`_count`); without `_count`, the default. */
export const FHIR_PAGE_MAX = 200;
export const FHIR_PAGE_DEFAULT = 50;
/** Pages are offsets into the search: deep enough for any record, bounded so no request reads without end. */
export const FHIR_OFFSET_MAX = 10_000;

/** The search parameters that take tokens, and those that take dates, each applied where a type has it. */
export const FHIR_TOKEN_PARAMETERS = [
  'code',
  'category',
  'clinical-status',
  'vaccine-code',
  'type',
  'status',
] as const;
export const FHIR_DATE_PARAMETERS = [
  'date',
  'onset-date',
  'recorded-date',
  'effective',
  'authored',
  '_lastUpdated',
] as const;

/**
 * A token (FHIR search §3.1.1.4.9): `code`, `system|code` or `system|`, several joined by commas (any of
 * them matches). Systems are URIs; codes are short.
 */
const token = v.pipe(
  v.string(),
  v.maxLength(500),
  v.regex(/^[^,|\s]*(\|[^,|\s]*)?(,[^,|\s]*(\|[^,|\s]*)?)*$/, 'FHIR_TOKEN'),
);

/**
 * A date search (§3.1.1.4.5): a prefix this server knows (eq, gt, lt, ge, le; none is eq) and a date of
 * year, month, day or second precision, with a zone when it has a time.
 */
const dateSearch = v.pipe(
  v.string(),
  v.regex(
    /^(eq|gt|lt|ge|le)?\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/,
    'FHIR_DATE',
  ),
);

/** A repeatable parameter: every repetition must hold (`date=ge2020&date=le2021` is a range). */
const repeated = <T extends v.GenericSchema<unknown, string>>(item: T) =>
  v.optional(v.union([item, v.pipe(v.array(item), v.maxLength(4))]));

/** `patient=123`, `patient=Patient/123` or `subject=Patient/123`: the portal's patient id. */
const patientReference = v.pipe(v.string(), v.regex(/^(Patient\/)?[1-9]\d{0,9}$/, 'FHIR_REFERENCE'));

export const FhirSearchQuery = v.object({
  patient: v.optional(patientReference),
  subject: v.optional(patientReference),
  _id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9\-.]{1,64}$/, 'FHIR_ID'))),
  category: v.optional(token),
  code: v.optional(token),
  'clinical-status': v.optional(token),
  'vaccine-code': v.optional(token),
  type: v.optional(token),
  status: v.optional(token),
  date: repeated(dateSearch),
  'onset-date': repeated(dateSearch),
  'recorded-date': repeated(dateSearch),
  effective: repeated(dateSearch),
  authored: repeated(dateSearch),
  _lastUpdated: repeated(dateSearch),
  _count: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(0), v.maxValue(FHIR_PAGE_MAX)),
  ),
  /** The server's own paging parameter: the `next` link carries it. */
  _offset: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.maxValue(FHIR_OFFSET_MAX)),
  ),
  _format: v.optional(v.picklist(['json', 'application/json', 'application/fhir+json'])),
});
export type FhirSearchQuery = v.InferOutput<typeof FhirSearchQuery>;

/** A logical id as FHIR allows it (§2.1.0.x id: up to 64 of A–Z, a–z, 0–9, '-' and '.'). */
export const FhirReadParam = v.object({
  type: v.picklist(FHIR_RESOURCE_TYPES),
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9\-.]{1,64}$/, 'FHIR_ID')),
});
