import { describe, expect, it } from 'vitest';
import { inTasks } from './yield';

describe('inTasks', () => {
  it('runs every step in order, each after the previous task ended', async () => {
    const seen: string[] = [];
    const done = inTasks([() => seen.push('a'), () => seen.push('b'), () => seen.push('c')], () => false);
    // Only the first step runs in the caller's task.
    seen.push('caller');
    expect(await done).toBe(true);
    expect(seen).toEqual(['a', 'caller', 'b', 'c']);
  });

  it('stops before the next step once cancelled', async () => {
    let cancelled = false;
    const seen: number[] = [];
    const done = inTasks(
      [
        () => {
          seen.push(1);
          cancelled = true;
        },
        () => seen.push(2),
      ],
      () => cancelled,
    );
    expect(await done).toBe(false);
    expect(seen).toEqual([1]);
  });
});
