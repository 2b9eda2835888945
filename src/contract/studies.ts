import * as v from 'valibot';
import { EntityIdText, IsoTimestamp } from './common';

/**
 * Status of one DICOM study (spec section 4). MULTIPLE and NOTFOUND (see DicomStatus) describe a
 * document's accession numbers, never a single study, so they are not here.
 */
export const StudyStatus = v.picklist(['OFFLINE', 'MOVING', 'ONLINE', 'ERROR']);
export type StudyStatus = v.InferOutput<typeof StudyStatus>;

/**
 * `{id}` of `/studies/{id}/…`: the accession number the document carries, or the Study Instance UID
 * (digits and dots) that the viewer URL uses.
 */
export const StudyIdParam = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/, 'invalid')),
});
export type StudyIdParam = v.InferOutput<typeof StudyIdParam>;

/** Query of status, move and show: the study is looked up within this patient and provenance unit. */
export const StudyQuery = v.object({
  patientId: EntityIdText,
  /** The provenance unit's code, as `documentProvenanceUnit.code` of the document. */
  docProvenance: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'invalid')),
  /** The archive holding the study; when given it must match (show only). */
  studyLocation: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});
export type StudyQuery = v.InferOutput<typeof StudyQuery>;

/** `GET /studies/{id}/status` and `PUT /studies/{id}/move`. */
export const StudyStatusReply = v.object({ status: StudyStatus });
export type StudyStatusReply = v.InferOutput<typeof StudyStatusReply>;

/** `GET /studies/{id}/show`: the viewer page with a short-lived grant, bound to the caller. */
export const StudyShowReply = v.object({ url: v.string(), expiresAt: IsoTimestamp });
export type StudyShowReply = v.InferOutput<typeof StudyShowReply>;

/** The grant of a viewer URL: 32 random bytes, base64url. */
export const StudyGrantQuery = v.object({
  grant: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid')),
});
export type StudyGrantQuery = v.InferOutput<typeof StudyGrantQuery>;

/** `/studies/{id}/instances/{n}`: n counts slices from 1, as the DICOM InstanceNumber does. */
export const StudyInstanceParam = v.object({
  ...StudyIdParam.entries,
  n: v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, 'invalid'), v.toNumber()),
});
export type StudyInstanceParam = v.InferOutput<typeof StudyInstanceParam>;

/** `GET /studies/{id}/manifest?grant=`: what the viewer needs before it loads the slices. */
export const StudyManifest = v.object({
  studyId: v.string(),
  modality: v.string(),
  description: v.string(),
  sliceCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  rows: v.pipe(v.number(), v.integer(), v.minValue(1)),
  columns: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Default window in rescaled units (Hounsfield for CT). */
  windowCenter: v.number(),
  windowWidth: v.pipe(v.number(), v.minValue(1)),
});
export type StudyManifest = v.InferOutput<typeof StudyManifest>;
