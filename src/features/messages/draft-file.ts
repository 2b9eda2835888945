/**
 * The draft's attachment, kept beside the text under a `draft:` key of local storage, so it follows every
 * rule of the drafts (clearBrowserData keeps it on a session expiry and deletes it at logout; an account
 * switch away from a guest deletes it). A PDF is at most UPLOAD_MAX_BYTES (2 MB, about 2.7 MB as base64):
 * when the browser's storage cannot hold it, the file stays chosen in the sheet and only the copy in
 * the draft is missing (the caller says so).
 */
import * as v from 'valibot';
import { UPLOAD_MAX_BYTES } from '../../contract/uploads';
import { DRAFT_KEY_PREFIX } from '../../state/storage';

const StoredFile = v.object({ name: v.string(), type: v.string(), data: v.string() });

const keyOf = (userKey: string): string => `${DRAFT_KEY_PREFIX}messageFile:${userKey}`;

function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Keeps the file with the draft; false when it could not be kept (too large for the storage). */
export async function saveDraftFile(userKey: string, file: File): Promise<boolean> {
  clearDraftFile(userKey);
  if (file.size > UPLOAD_MAX_BYTES) return false;
  try {
    const url = await dataUrlOf(file);
    const data = url.slice(url.indexOf(',') + 1);
    localStorage.setItem(keyOf(userKey), JSON.stringify({ name: file.name, type: file.type, data }));
    return true;
  } catch {
    clearDraftFile(userKey);
    return false;
  }
}

/** The file kept with the draft, or null (none, or unreadable). */
export function loadDraftFile(userKey: string): File | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(userKey)) ?? 'null');
    if (!v.is(StoredFile, stored)) return null;
    const text = atob(stored.data);
    const bytes = new Uint8Array(text.length);
    for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
    return new File([bytes], stored.name, { type: stored.type || 'application/pdf' });
  } catch {
    return null;
  }
}

export function clearDraftFile(userKey: string): void {
  localStorage.removeItem(keyOf(userKey));
}
