/** Client-side checks of a paper consent scan (spec 5 and 9): PDF only, at most 2 MB. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export function checkPaperFile(file: File): MessageDescriptor | null {
  const isPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!isPdf) return msg`Formato documento errato: il formato del documento dev'essere .pdf`;
  if (file.size > MAX_UPLOAD_BYTES) return msg`File troppo pesante`;
  return null;
}
