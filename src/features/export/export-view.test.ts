import { describe, expect, it } from 'vitest';
import type { RecordExport } from '../../contract/export';
import { isWorking, viewOf, withJob, withoutJob } from './export-view';

const job = (id: number, state: RecordExport['state']): RecordExport => ({
  id,
  state,
  createdAt: '2026-12-07T09:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  documentsTotal: null,
  documentsDone: 0,
  documentsOffline: 0,
  bytes: null,
});

describe('what the export screen shows', () => {
  it('shows the newest archive, and only the older ones still downloadable', () => {
    expect(viewOf({ exports: [] })).toEqual({ main: { kind: 'none', last: null }, older: [] });
    const list = { exports: [job(4, 'running'), job(3, 'ready'), job(2, 'failed'), job(1, 'expired')] };
    expect(viewOf(list).main).toEqual({ kind: 'working', job: job(4, 'running') });
    expect(viewOf(list).older.map((each) => each.id)).toEqual([3]);
    expect(viewOf({ exports: [job(5, 'expired')] }).main).toEqual({ kind: 'none', last: job(5, 'expired') });
    expect(viewOf({ exports: [job(6, 'failed')] }).main.kind).toBe('failed');
    expect(isWorking(list)).toBe(true);
    expect(isWorking({ exports: [job(3, 'ready'), job(4, 'running')] })).toBe(false);
  });

  it('puts a job first once, and takes a deleted one out', () => {
    const list = { exports: [job(3, 'ready'), job(4, 'queued')] };
    expect(withJob(list, job(4, 'running')).exports.map((each) => [each.id, each.state])).toEqual([
      [4, 'running'],
      [3, 'ready'],
    ]);
    expect(withoutJob(list, 3).exports.map((each) => each.id)).toEqual([4]);
  });
});
