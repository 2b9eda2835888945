/**
 * The record export's calls: prepare an archive, the short-lived address of its download, delete it. The
 * list is the shared read in `src/api/exports.ts` (the home reads it too).
 */
import { sendJson, sendNoContent } from '../../api/request';
import { ExportDownload, RecordExport } from '../../contract/export';

/**
 * `POST /exports`: a new job, or the one already queued or running for this patient (asking twice makes
 * one). A 429 (the day's archives all made) is the screen's to explain: the generic "try again in a moment"
 * would be wrong.
 */
export function prepareExport(patientId: number): Promise<RecordExport> {
  return sendJson('post', 'exports', { patientId }, RecordExport, { context: { quiet: [429] } });
}

/**
 * `POST /exports/:id/download`: a same-origin address valid for a minute, for the browser to download. A 404
 * (deleted or expired meanwhile) is the screen's to explain.
 */
export async function downloadAddress(id: number): Promise<string> {
  const reply = await sendJson('post', `exports/${id}/download`, undefined, ExportDownload, {
    context: { quiet: [404] },
  });
  return reply.url;
}

export function deleteExport(id: number): Promise<void> {
  return sendNoContent('delete', `exports/${id}`);
}
