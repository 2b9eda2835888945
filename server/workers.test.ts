import { describe, expect, it } from 'vitest';
import { workerCount } from './workers';

describe('WORKERS', () => {
  it('is one process when unset, a number of processes, or one per core with auto', () => {
    expect(workerCount(undefined, 8)).toBe(1);
    expect(workerCount('', 8)).toBe(1);
    expect(workerCount('3', 8)).toBe(3);
    expect(workerCount(' auto ', 8)).toBe(8);
  });

  it('stops the start on anything else', () => {
    for (const value of ['0', '-2', 'two', '1.5'])
      expect(() => workerCount(value, 8)).toThrow(`WORKERS: a number of processes or "auto", not ${value}`);
  });
});
