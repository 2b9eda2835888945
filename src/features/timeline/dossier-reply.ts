/**
 * The timeline's `GET /documents` reply read into what the chart needs: decoded, parsed, every document
 * checked with the contract, sorted by date, and kept in columns. Runs in a Web Worker (dossier.worker.ts):
 * parsing and checking 5,000 documents were long tasks on the page; columns (typed arrays and arrays of
 * strings) cross back to the page far faster than 5,000 objects would.
 */
import * as v from 'valibot';
import { Document } from '../../contract/documents';

/** The reply's frame: its documents are checked one by one below. */
export const TimelineReply = v.object({ documents: v.array(v.unknown()) });

/** What the chart reads of a document. */
export type TimelineDocument = Pick<Document, 'id' | 'viewable' | 'title' | 'docCreationDateTime'> & {
  documentType: { desc: string };
};

/** The documents in date order (then id, vis-timeline's order for equal dates), one column per field used. */
export interface DossierColumns {
  ids: Float64Array;
  times: Float64Array;
  /** 1: the user may open it. */
  viewable: Uint8Array;
  types: string[];
  titles: string[];
  dates: string[];
}

/**
 * Why a reply was refused: not JSON, or the first value that failed the contract (the reply's frame or one
 * document), sent back as is so the page checks it again and throws the contract's own error.
 */
export type DossierReadResult =
  | { ok: true; columns: DossierColumns }
  | { ok: false; syntax: string }
  | { ok: false; frame: unknown }
  | { ok: false; document: unknown };

export function readDossierReply(bytes: ArrayBuffer): DossierReadResult {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    return { ok: false, syntax: error instanceof Error ? error.message : String(error) };
  }
  const frame = v.safeParse(TimelineReply, data);
  if (!frame.success) return { ok: false, frame: data };
  const documents: Document[] = [];
  for (const raw of frame.output.documents) {
    const result = v.safeParse(Document, raw);
    if (!result.success) return { ok: false, document: raw };
    documents.push(result.output);
  }
  return { ok: true, columns: toColumns(documents) };
}

/** Sorted columns of checked documents (also the page's own path when it has no worker). */
export function toColumns(documents: readonly TimelineDocument[]): DossierColumns {
  const dated = documents.map((doc) => ({ doc, time: Date.parse(doc.docCreationDateTime) }));
  dated.sort((a, b) => a.time - b.time || a.doc.id - b.doc.id);
  return {
    ids: Float64Array.from(dated, (entry) => entry.doc.id),
    times: Float64Array.from(dated, (entry) => entry.time),
    viewable: Uint8Array.from(dated, (entry) => (entry.doc.viewable ? 1 : 0)),
    types: dated.map((entry) => entry.doc.documentType.desc),
    titles: dated.map((entry) => entry.doc.title),
    dates: dated.map((entry) => entry.doc.docCreationDateTime),
  };
}

/** The typed arrays' memory, handed over rather than copied when posted. */
export function transferables(columns: DossierColumns): ArrayBuffer[] {
  return [columns.ids.buffer, columns.times.buffer, columns.viewable.buffer].filter(
    (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
  );
}
