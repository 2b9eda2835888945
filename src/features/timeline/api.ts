import * as v from 'valibot';
import { api } from '../../api/client';
import { documentListPath } from '../../api/documents';
import { reportInvalidReply, reportTransportError } from '../../api/error-report';
import { Document } from '../../contract/documents';
import type { DossierReadResult } from './dossier-reply';
import { readDossierReply, TimelineReply } from './dossier-reply';
import { TIMELINE_MAX_DOCUMENTS } from './timeline-config';
import type { SortedDossier } from './timeline-items';
import { dossierFromColumns } from './timeline-items';

/** A worker that reads one reply, or null where module workers cannot start (tests, old browsers). */
function startReader(): Worker | null {
  if (typeof Worker !== 'function') return null;
  try {
    return new Worker(new URL('./dossier.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** The reply's columns from the worker; the page reads it itself if the worker fails to run. */
function readInWorker(worker: Worker, bytes: ArrayBuffer): Promise<DossierReadResult> {
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<DossierReadResult>) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      resolve(readDossierReply(bytes));
    };
    // Copied, not transferred: the fallback above may still need the bytes.
    worker.postMessage(bytes);
  });
}

/** A refused reply fails as any other reply refused by the contract: reported, then the contract's error. */
function refuse(result: Exclude<DossierReadResult, { ok: true }>): never {
  if ('syntax' in result) throw new SyntaxError(result.syntax);
  reportInvalidReply();
  const checked =
    'frame' in result ? v.safeParse(TimelineReply, result.frame) : v.safeParse(Document, result.document);
  throw checked.success ? new Error('Invalid timeline reply') : new v.ValiError(checked.issues);
}

/**
 * `GET /documents`: the whole dossier of a patient for the timeline (up to 5,000 documents), every
 * document checked with the contract as any reply is. The reply is fetched here and read in a worker
 * (started while the request is under way): parsed and checked on the page, 5,000 documents were long tasks.
 */
export async function fetchTimelineDocuments(patientId: number): Promise<SortedDossier> {
  const path = documentListPath({ patientId, pageSize: TIMELINE_MAX_DOCUMENTS });
  const worker = startReader();
  try {
    let bytes: ArrayBuffer;
    try {
      bytes = await api().get(path).arrayBuffer();
    } catch (error) {
      reportTransportError(error);
      throw error;
    }
    const result = worker ? await readInWorker(worker, bytes) : readDossierReply(bytes);
    if (!result.ok) refuse(result);
    return dossierFromColumns(result.columns);
  } finally {
    worker?.terminate();
  }
}
