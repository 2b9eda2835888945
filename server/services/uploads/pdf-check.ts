import { PDFDocument } from 'pdf-lib';
import type { ErrorCode } from '../../../src/contract';
import { UPLOAD_MAX_BYTES, UPLOAD_TITLE_MAX } from '../../../src/contract';
import { HttpError } from '../../http-error';
import { activeContentOf } from './active-content';

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const EOF_MARKER = '%%EOF';
/** Readers (Acrobat) look for the end marker in the last kilobyte; a file cut short has none there. */
const EOF_WINDOW = 1024;

function refusal(status: 400 | 413, code: ErrorCode, fieldCode: 'invalid' | 'tooLong'): HttpError {
  return new HttpError(status, code, [{ field: 'file', code: fieldCode }]);
}

export const tooLarge = (): HttpError => refusal(413, 'UPLOAD_TOO_LARGE', 'tooLong');

function hasHeader(bytes: Uint8Array): boolean {
  return PDF_HEADER.every((byte, index) => bytes[index] === byte);
}

function hasEndMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW))).toString('latin1');
  return tail.includes(EOF_MARKER);
}

/**
 * A file is a PDF when its bytes say so, whatever its name or declared type: the `%PDF-` header, an end
 * marker (a truncated file has none), and a document pdf-lib parses strictly with at least one page and no
 * encryption (a physician could not open a password-protected file), and nothing active in it: no
 * JavaScript, launch action or embedded file (`active-content.ts`). Answers the page count.
 * Not a PDF at all: 'Il formato del documento dev'essere .pdf'; a broken one: 'Formato documento errato'.
 */
export async function checkPdf(bytes: Uint8Array): Promise<number> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw tooLarge();
  if (bytes.length === 0) throw refusal(400, 'UPLOAD_WRONG_FORMAT', 'invalid');
  if (!hasHeader(bytes)) throw refusal(400, 'UPLOAD_NOT_PDF', 'invalid');
  if (!hasEndMarker(bytes)) throw refusal(400, 'UPLOAD_WRONG_FORMAT', 'invalid');
  let active: boolean;
  let pages: number;
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    pages = document.getPageCount();
    active = activeContentOf(document) !== null;
  } catch {
    throw refusal(400, 'UPLOAD_WRONG_FORMAT', 'invalid');
  }
  if (pages < 1) throw refusal(400, 'UPLOAD_WRONG_FORMAT', 'invalid');
  if (active) throw activeContentRefusal();
  return pages;
}

/** 'Il documento contiene script o azioni automatiche…': the same answer for every kind found. */
export const activeContentRefusal = (): HttpError => refusal(400, 'UPLOAD_ACTIVE_CONTENT', 'invalid');

/**
 * A title from what the user called the file, when they typed none: the last path segment, without the
 * extension, control and markup characters, separators turned into spaces. Never used as a stored name.
 */
export function titleFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/[._\s]+/g, ' ')
    .trim()
    .slice(0, UPLOAD_TITLE_MAX)
    .trim();
  return clean.replace(/^\.+/, '') || 'Documento';
}
