/**
 * The checks the server makes, made on the device first so nothing useless leaves the phone: the bytes
 * start with `%PDF-` (not the name, not the type), at most 2 MB. The server also parses the file.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { UPLOAD_MAX_BYTES, UPLOAD_TITLE_MAX } from '../../contract/uploads';

const PDF_HEADER = '%PDF-';

async function headerOf(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.slice(0, PDF_HEADER.length).arrayBuffer());
  return String.fromCharCode(...bytes);
}

export async function checkUploadFile(file: Blob): Promise<MessageDescriptor | null> {
  if (file.size > UPLOAD_MAX_BYTES) return msg`File troppo pesante`;
  if (file.size === 0) return msg`Formato documento errato`;
  if ((await headerOf(file)) !== PDF_HEADER) return msg`Il formato del documento dev'essere .pdf`;
  return null;
}

/** A title suggested by the file's name: no path, no extension, no control characters. */
export function titleFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/[._\s]+/g, ' ')
    .trim()
    .slice(0, UPLOAD_TITLE_MAX)
    .trim();
}
