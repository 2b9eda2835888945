import * as v from 'valibot';
import { EntityId, EntityIdText, IsoTimestamp } from './common';

/** A finished archive can be downloaded for a week; then it is deleted. */
export const EXPORT_LIFETIME_DAYS = 7;

/** `POST /exports`: prepare the whole record of this patient as one zip (a background job). */
export const ExportCreateBody = v.object({ patientId: EntityId });
export type ExportCreateBody = v.InferOutput<typeof ExportCreateBody>;

export const ExportListQuery = v.object({ patientId: EntityIdText });
export const ExportIdParam = v.object({ id: EntityIdText });
/** `GET /exports/file/:token`: the short-lived, signed token of one download (no session needed). */
export const ExportFileParam = v.object({
  token: v.pipe(v.string(), v.regex(/^[0-9]{1,10}\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/, 'invalid')),
});

/**
 * queued: waiting for a server process; running: documents being added (`documentsDone` of
 * `documentsTotal`); ready: downloadable until `expiresAt`; failed: nothing to download, may be asked
 * again; expired: deleted after its week.
 */
export const ExportState = v.picklist(['queued', 'running', 'ready', 'failed', 'expired']);
export type ExportState = v.InferOutput<typeof ExportState>;

export const RecordExport = v.object({
  id: EntityId,
  state: ExportState,
  createdAt: IsoTimestamp,
  /** When the archive was ready (or failed); null before. */
  finishedAt: v.nullable(IsoTimestamp),
  /** Until when a ready archive can be downloaded; null before it is ready. */
  expiresAt: v.nullable(IsoTimestamp),
  /** Documents to put in the archive, once counted (null while queued). */
  documentsTotal: v.nullable(v.number()),
  documentsDone: v.number(),
  /** Documents the user may see that are not in the archive: kept offline, to be restored first. */
  documentsOffline: v.number(),
  /** Size of the ready archive in bytes; null before. */
  bytes: v.nullable(v.number()),
});
export type RecordExport = v.InferOutput<typeof RecordExport>;

/** `GET /exports?patientId=`: the caller's archives of this patient, newest first. */
export const ExportList = v.object({ exports: v.array(RecordExport) });
export type ExportList = v.InferOutput<typeof ExportList>;

/**
 * `POST /exports/:id/download` answers where the browser downloads the file itself (a link valid for a
 * minute), so a large archive goes to disk without passing through the page's memory.
 */
export const ExportDownload = v.object({ url: v.string() });
export type ExportDownload = v.InferOutput<typeof ExportDownload>;
