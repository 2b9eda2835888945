/**
 * What the export screen shows of the list (newest first): the newest archive's state as one card, and the
 * older archives still downloadable. Expired and failed older ones are left out: nothing can be done with them.
 */
import type { ExportList, RecordExport } from '../../contract/export';

export type ExportView =
  /** No archive to show: never made, or the newest is gone (`last`: it, expired or deleted). */
  | { kind: 'none'; last: RecordExport | null }
  | { kind: 'working'; job: RecordExport }
  | { kind: 'ready'; job: RecordExport }
  | { kind: 'failed'; job: RecordExport };

export interface ExportScreenView {
  main: ExportView;
  /** Ready archives older than the newest one. */
  older: RecordExport[];
}

function viewOfNewest(newest: RecordExport | undefined): ExportView {
  if (!newest) return { kind: 'none', last: null };
  switch (newest.state) {
    case 'queued':
    case 'running':
      return { kind: 'working', job: newest };
    case 'ready':
      return { kind: 'ready', job: newest };
    case 'failed':
      return { kind: 'failed', job: newest };
    case 'expired':
      return { kind: 'none', last: newest };
  }
}

export function viewOf({ exports }: ExportList): ExportScreenView {
  const [newest, ...rest] = exports;
  return { main: viewOfNewest(newest), older: rest.filter((each) => each.state === 'ready') };
}

/** A job the server is still working on: the screen asks again every few seconds besides the live topic. */
export function isWorking(list: ExportList): boolean {
  const state = list.exports[0]?.state;
  return state === 'queued' || state === 'running';
}

/** The list with this job first (a new one, or the one already under way) and no other copy of it. */
export function withJob(list: ExportList, job: RecordExport): ExportList {
  return { exports: [job, ...list.exports.filter((each) => each.id !== job.id)] };
}

export function withoutJob(list: ExportList, id: number): ExportList {
  return { exports: list.exports.filter((each) => each.id !== id) };
}
