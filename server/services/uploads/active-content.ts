import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream } from 'pdf-lib';

/** What makes a PDF more than a document: code a reader runs, a program it starts, a file it carries. */
export type ActiveContent = 'javascript' | 'launch' | 'embedded-file';

/**
 * Names that mark active content wherever they stand, as a key (`/JS`, the `/JavaScript` and
 * `/EmbeddedFiles` name trees, a file specification's `/EF`, an XFA form's scripts) or as a value (an
 * action's `/S /JavaScript` or `/S /Launch`, `/Type /EmbeddedFile`, a `/FileAttachment` annotation,
 * `/RichMedia`). Every place an action can hang from (the catalog's /OpenAction and /AA, pages' /AA,
 * annotations' /A and /AA, form fields, outlines) ends in one of these.
 */
const ACTIVE_NAMES: ReadonlyMap<string, ActiveContent> = new Map([
  ['JS', 'javascript'],
  ['JavaScript', 'javascript'],
  ['XFA', 'javascript'],
  ['RichMedia', 'javascript'],
  ['Launch', 'launch'],
  ['EmbeddedFile', 'embedded-file'],
  ['EmbeddedFiles', 'embedded-file'],
  ['EF', 'embedded-file'],
  ['FileAttachment', 'embedded-file'],
]);

/**
 * A name as a reader sees it: `#xx` escapes decoded in either case, until none is left (pdf-lib decodes
 * only upper-case ones once, and re-escapes the `#` of the rest, so `/#4aS` arrives as `#234aS`).
 */
export function plainName(encoded: string): string {
  let name = encoded.startsWith('/') ? encoded.slice(1) : encoded;
  for (let round = 0; round < 4; round += 1) {
    const decoded = name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (decoded === name) break;
    name = decoded;
  }
  return name;
}

function activeName(name: PDFName): ActiveContent | undefined {
  return ACTIVE_NAMES.get(plainName(name.asString()));
}

/** Looks through one object and what it holds directly; references are visited as indirect objects. */
function activeIn(object: PDFObject): ActiveContent | undefined {
  if (object instanceof PDFName) return activeName(object);
  if (object instanceof PDFStream) return activeIn(object.dict);
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const found = activeIn(item);
      if (found) return found;
    }
    return undefined;
  }
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const found = activeName(key) ?? activeIn(value);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The first active content in a parsed document, or null. Every indirect object is looked at, those
 * pdf-lib unpacked from compressed object streams included, so nothing hides by being unreachable from
 * the catalog in a way a lenient reader would still follow.
 */
export function activeContentOf(document: PDFDocument): ActiveContent | null {
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const found = activeIn(object);
    if (found) return found;
  }
  return null;
}

/**
 * For files that do not parse: every name token in the raw bytes. Names inside compressed streams are out
 * of its reach, which is why an upload must parse.
 */
export function activeContentInBytes(bytes: Uint8Array): ActiveContent | null {
  const text = Buffer.from(bytes).toString('latin1');
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const found = ACTIVE_NAMES.get(plainName(match[1] ?? ''));
    if (found) return found;
  }
  return null;
}

/** A file checked only for its header (the paper consent scan): parsed when it parses, else its bytes. */
export async function activeContentOfFile(bytes: Uint8Array): Promise<ActiveContent | null> {
  try {
    return activeContentOf(await PDFDocument.load(bytes, { updateMetadata: false }));
  } catch {
    return activeContentInBytes(bytes);
  }
}
