/**
 * Uploaded documents (spec 3, 4, 7): PDFs a patient uploads for a physician to approve. PENDING, then
 * VALIDATED (the document enters the dossier) or REJECTED with a reason; only a PENDING one is modified
 * or deleted.
 */
import * as v from 'valibot';
import { EntityId, IdParam, IsoDate, IsoTimestamp, Paging, PagingQuery } from './common';
import { CodeDesc } from './reference';

/** Spec 5 and 9: at most 2 MB (2 × 1024 × 1024 bytes), PDF only. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_TITLE_MAX = 120;
export const UPLOAD_NOTE_MAX = 500;
export const UPLOAD_REASON_MAX = 500;

export const UploadStatus = v.picklist(['PENDING', 'VALIDATED', 'REJECTED']);
export type UploadStatus = v.InferOutput<typeof UploadStatus>;

const Id = EntityId;

/** A physician the patient addressed (spec: approvingPhysicians). */
export const UploadPhysician = v.object({ id: Id, displayName: v.string() });
export type UploadPhysician = v.InferOutput<typeof UploadPhysician>;

export const UploadedDocument = v.object({
  id: Id,
  patientId: Id,
  /** A code of `/uploadedDocuments/customDocumentTypes`, in the caller's language. */
  documentType: CodeDesc,
  title: v.string(),
  /** The date the patient gave the document (when it was written), if any. */
  documentDate: v.nullable(IsoDate),
  note: v.nullable(v.string()),
  status: UploadStatus,
  rejectionReason: v.nullable(v.string()),
  creationDate: IsoTimestamp,
  updateDate: IsoTimestamp,
  reviewedAt: v.nullable(IsoTimestamp),
  reviewedBy: v.nullable(v.string()),
  /** Spec: document owner (owner, first, last, fiscalCode); `owner` is the uploader's user id. */
  documentOwner: v.object({ owner: Id, first: v.string(), last: v.string(), fiscalCode: v.string() }),
  /** Empty: any physician with access to the patient may review it. */
  approvingPhysicians: v.array(UploadPhysician),
  byteSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The dossier document created when it was validated. */
  dossierDocumentId: v.nullable(Id),
  /** The caller may modify or delete it (its owner, while PENDING). */
  canModify: v.boolean(),
  /** The caller may validate or reject it (a physician it is addressed to, while PENDING). */
  canReview: v.boolean(),
});
export type UploadedDocument = v.InferOutput<typeof UploadedDocument>;

export const UploadedDocumentList = v.object({ documents: v.array(UploadedDocument), paging: Paging });
export type UploadedDocumentList = v.InferOutput<typeof UploadedDocumentList>;

/** `GET /uploadedDocuments`: `patient` narrows a physician's list to one patient. */
export const UploadedDocumentListQuery = v.object({
  ...PagingQuery.entries,
  patient: v.optional(IdParam.entries.id),
  status: v.optional(UploadStatus),
});
export type UploadedDocumentListQuery = v.InferOutput<typeof UploadedDocumentListQuery>;

export const CustomDocumentTypes = v.object({ documentTypes: v.array(CodeDesc) });
export type CustomDocumentTypes = v.InferOutput<typeof CustomDocumentTypes>;

const Text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(max, 'tooLong'));

/**
 * The text fields of `POST /uploadedDocuments` and `PUT /uploadedDocuments/{id}` (multipart, beside
 * `file`). On PUT every field is optional; an empty `documentDate` or `note` clears it.
 */
export const UploadFields = v.object({
  documentType: v.pipe(v.string(), v.regex(/^[A-Z_]{2,20}$/, 'invalid')),
  title: v.optional(Text(UPLOAD_TITLE_MAX)),
  documentDate: v.optional(v.union([v.literal(''), IsoDate])),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(UPLOAD_NOTE_MAX, 'tooLong'))),
  /** Physicians' user ids, repeated; none means any physician with access to the patient. */
  approvingPhysicians: v.optional(v.pipe(v.array(Id), v.maxLength(10, 'tooLong'))),
});
export type UploadFields = v.InferOutput<typeof UploadFields>;

export const UploadUpdateFields = v.partial(UploadFields);
export type UploadUpdateFields = v.InferOutput<typeof UploadUpdateFields>;

/** `PUT /uploadedDocuments/{id}/reject`: the reason is mandatory and shown to the patient. */
export const RejectUploadBody = v.object({ reason: Text(UPLOAD_REASON_MAX) });
export type RejectUploadBody = v.InferOutput<typeof RejectUploadBody>;

/** `GET /uploadedDocuments/physicians`: whom a patient may address an upload to. */
export const UploadPhysicians = v.object({ physicians: v.array(UploadPhysician) });
export type UploadPhysicians = v.InferOutput<typeof UploadPhysicians>;
