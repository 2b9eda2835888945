/** The calls of the messages screen (spec 7 "Messages"). */
import * as v from 'valibot';
import { api } from '../../api/client';
import { reportTransportError } from '../../api/error-report';
import { getJson, sendJson } from '../../api/request';
import {
  MessageDetail,
  MessageList,
  MessagePatientList,
  RecipientList,
  UserMessageState,
} from '../../contract/messages';
import { saveBlob } from '../../ui/save-file';
import type { MessageDraft } from './draft';

export type Box = 'received' | 'sent';

/** Newest first, the most the server gives at once (spec 9: at most 100). */
export function fetchBox(box: Box): Promise<MessageList> {
  return getJson(`messages/${box}List?max=100`, MessageList, { context: { quiet: true } });
}

/** Opening a received message marks it read (the sender's read receipt). */
export function fetchMessage(id: number): Promise<MessageDetail> {
  return getJson(`messages/${id}`, MessageDetail, { context: { quiet: true } });
}

export function fetchRecipients(patientId: number | null): Promise<RecipientList> {
  const query = patientId === null ? '' : `?patientId=${patientId}`;
  return getJson(`messages/recipientList${query}`, RecipientList, { context: { quiet: true } });
}

/** Staff: the patients they may write to matching `text` (or, without it, those of their projects). */
export function fetchMessagePatients(text: string | null): Promise<MessagePatientList> {
  const query = text === null ? '' : `?q=${encodeURIComponent(text)}`;
  return getJson(`messages/patients${query}`, MessagePatientList, { context: { quiet: true } });
}

/** Marks a received message unread again (or read). */
export function markRead(id: number, read: boolean): Promise<UserMessageState> {
  return sendJson('put', `userMessage/${id}`, { read }, UserMessageState);
}

/** Sends the draft (and the attachment); failures are shown by the compose sheet, not as a generic toast. */
export async function sendMessage(draft: MessageDraft, file: File | null): Promise<MessageDetail> {
  const form = new FormData();
  for (const id of draft.recipientIds) form.append('recipientIds', String(id));
  form.set('subject', draft.subject.trim());
  form.set('body', draft.body.trim());
  if (draft.replyToId !== null) form.set('replyToId', String(draft.replyToId));
  if (file) form.set('file', file, file.name);
  const searchParams = draft.patientId === null ? undefined : { patientId: String(draft.patientId) };
  const reply: unknown = await api()
    .post('messages', { body: form, searchParams, timeout: 120_000, context: { quiet: true } })
    .json();
  return v.parse(MessageDetail, reply);
}

/** The attachment's bytes, saved by the browser under its name. */
export async function downloadAttachment(id: number, name: string): Promise<void> {
  try {
    const blob = await api().get(`messages/${id}/attachment`).blob();
    saveBlob(blob, name);
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}
