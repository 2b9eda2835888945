import * as v from 'valibot';
import { EntityIdText, IsoDate, IsoTimestamp, Paging, PagingQuery } from './common';
import { CodeDesc, PatientLocationCode } from './reference';

/** Document availability (spec section 4). */
export const DocumentStatus = v.picklist(['ONLINE', 'OFFLINE', 'RESTORING', 'ERROR', 'NOT_READABLE']);
export type DocumentStatus = v.InferOutput<typeof DocumentStatus>;

/** DICOM study status (spec section 4); MULTIPLE when the accession number names several studies. */
export const DicomStatus = v.picklist(['OFFLINE', 'MOVING', 'ONLINE', 'ERROR', 'MULTIPLE', 'NOTFOUND']);
export type DicomStatus = v.InferOutput<typeof DicomStatus>;

export const ObscuringInfo = v.object({
  general: v.boolean(),
  mate: v.boolean(),
  operator: v.boolean(),
  other: v.boolean(),
  otherFamily: v.boolean(),
  parent: v.boolean(),
  son: v.boolean(),
  specialist: v.boolean(),
});
export type ObscuringInfo = v.InferOutput<typeof ObscuringInfo>;

/** A document hidden from nobody. */
export const noObscuring: ObscuringInfo = {
  general: false,
  mate: false,
  operator: false,
  other: false,
  otherFamily: false,
  parent: false,
  son: false,
  specialist: false,
};

export const Document = v.object({
  id: v.pipe(v.number(), v.integer()),
  patientId: v.pipe(v.number(), v.integer()),
  title: v.string(),
  /** Several accession numbers are separated by `|` (several studies). */
  accessionNumber: v.nullable(v.string()),
  documentType: CodeDesc,
  documentProvenanceUnit: CodeDesc,
  status: DocumentStatus,
  viewable: v.boolean(),
  obscuringInfo: ObscuringInfo,
  docCreationDateTime: IsoTimestamp,
  patientCurrentLocation: v.object({ code: PatientLocationCode, desc: v.string() }),
  dicomStatus: v.nullable(DicomStatus),
  showDicom: v.boolean(),
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  pageCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type Document = v.InferOutput<typeof Document>;

const Repeated = <T extends v.GenericSchema<string, string>>(item: T) =>
  v.optional(v.union([item, v.array(item)]));
const Code = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'invalid'));

/**
 * `GET /documents`. Filters repeat (`documentType=A&documentType=B`); a period whose start follows its end
 * answers 400 with the field `dateFrom` and the code `invalidPeriod`.
 */
export const DocumentListQuery = v.pipe(
  v.object({
    ...PagingQuery.entries,
    // The timeline loads a whole dossier at once: up to 5,000 documents a page.
    max: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(5000)), '20'),
    patientId: EntityIdText,
    documentType: Repeated(Code),
    provenance: Repeated(Code),
    location: Repeated(PatientLocationCode),
    status: Repeated(DocumentStatus),
    dateFrom: v.optional(IsoDate),
    dateTo: v.optional(IsoDate),
    context: v.optional(v.picklist(['list'])),
  }),
  v.forward(
    v.check((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, 'invalidPeriod'),
    ['dateFrom'],
  ),
);
export type DocumentListQuery = v.InferOutput<typeof DocumentListQuery>;

export const DocumentList = v.object({
  documents: v.array(Document),
  paging: Paging,
  /** With `context=list`: the patient has no document at all (not just none matching the filters). */
  noDocumentsInDossier: v.optional(v.boolean()),
});
export type DocumentList = v.InferOutput<typeof DocumentList>;

export const DocumentTypes = v.object({ documentTypes: v.array(CodeDesc) });
export const Provenances = v.object({ provenances: v.array(CodeDesc) });

/** `GET /documents/{id}/view`: a short-lived URL of the PDF, bound to the caller. */
export const DocumentViewUrl = v.object({ url: v.string(), expiresAt: IsoTimestamp });
export type DocumentViewUrl = v.InferOutput<typeof DocumentViewUrl>;

export const DocumentVersions = v.object({ documents: v.array(Document) });

/** Treatment history (spec section 3): who accessed the patient's data, when and why. */
export const TreatmentHistoryItem = v.object({
  id: v.pipe(v.number(), v.integer()),
  dateTime: IsoTimestamp,
  /** "Name Surname (access title)". */
  user: v.string(),
  userRole: v.string(),
  treatmentType: v.string(),
  treatmentDesc: v.string(),
  accessTitle: v.string(),
  documentType: v.nullable(CodeDesc),
  outcome: v.picklist(['ALLOWED', 'DENIED']),
});
export type TreatmentHistoryItem = v.InferOutput<typeof TreatmentHistoryItem>;

export const TreatmentHistory = v.object({ items: v.array(TreatmentHistoryItem), paging: Paging });
export type TreatmentHistory = v.InferOutput<typeof TreatmentHistory>;
