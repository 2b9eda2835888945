/** The calls of the uploads screen (spec 7, "Uploaded documents"). */
import * as v from 'valibot';
import { api } from '../../api/client';
import { reportTransportError } from '../../api/error-report';
import { getJson, sendForm, sendJson } from '../../api/request';
import type { UploadStatus } from '../../contract/uploads';
import {
  CustomDocumentTypes,
  UploadedDocument,
  UploadedDocumentList,
  UploadPhysicians,
} from '../../contract/uploads';

/** The list of the screen: the patient's own uploads, or a physician's uploads to review and reviewed. */
export function fetchUploads(status?: UploadStatus): Promise<UploadedDocumentList> {
  const query = new URLSearchParams({ max: '100' });
  if (status) query.set('status', status);
  return getJson(`uploadedDocuments?${query.toString()}`, UploadedDocumentList, {
    context: { quiet: true },
  });
}

export function fetchCustomTypes(): Promise<CustomDocumentTypes> {
  return getJson('uploadedDocuments/customDocumentTypes', CustomDocumentTypes, { context: { quiet: true } });
}

/** The physicians a patient may address an upload to. */
export function fetchPhysicians(): Promise<UploadPhysicians> {
  return getJson('uploadedDocuments/physicians', UploadPhysicians, { context: { quiet: true } });
}

/** What the form sends beside the file; `physicianId` '' = any physician who can see the dossier. */
export interface UploadDraft {
  documentType: string;
  title: string;
  documentDate: string;
  note: string;
  physicianId: string;
}

function formOf(draft: UploadDraft, file: File | null): FormData {
  const form = new FormData();
  form.set('documentType', draft.documentType);
  form.set('title', draft.title.trim());
  form.set('documentDate', draft.documentDate);
  form.set('note', draft.note.trim());
  // Always sent: an empty value clears an earlier choice when modifying.
  form.set('approvingPhysicians', draft.physicianId);
  if (file) form.set('file', file, file.name);
  return form;
}

export async function createUpload(
  draft: UploadDraft,
  file: File,
  onProgress: (share: number) => void,
): Promise<UploadedDocument> {
  return v.parse(
    UploadedDocument,
    await sendForm('POST', 'uploadedDocuments', formOf(draft, file), onProgress),
  );
}

/** A pending upload's new fields, and its new file when one was chosen. */
export async function modifyUpload(
  id: number,
  draft: UploadDraft,
  file: File | null,
  onProgress: (share: number) => void,
): Promise<UploadedDocument> {
  return v.parse(
    UploadedDocument,
    await sendForm('PUT', `uploadedDocuments/${id}`, formOf(draft, file), onProgress),
  );
}

export async function deleteUpload(id: number): Promise<void> {
  try {
    await api().delete(`uploadedDocuments/${id}`);
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}

export function validateUpload(id: number): Promise<UploadedDocument> {
  return sendJson('put', `uploadedDocuments/${id}/validate`, {}, UploadedDocument);
}

/** Rejection errors are shown in the sheet, beside the reason the physician typed. */
export function rejectUpload(id: number, reason: string): Promise<UploadedDocument> {
  return sendJson('put', `uploadedDocuments/${id}/reject`, { reason }, UploadedDocument, {
    context: { quiet: [400] },
  });
}

/** The uploaded PDF itself, for the viewer. */
export async function fetchUploadPdf(id: number): Promise<ArrayBuffer> {
  try {
    return await api()
      .get(`uploadedDocuments/${id}/content`, { headers: { Accept: 'application/pdf' } })
      .arrayBuffer();
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}
