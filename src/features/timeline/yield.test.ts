import { describe, expect, it } from 'vitest';
import { inSlices } from './yield';

describe('inSlices', () => {
  it('hands every item over in order, in batches, and stops when cancelled', async () => {
    const seen: number[] = [];
    const items = Array.from({ length: 250 }, (_, index) => index);
    expect(
      await inSlices(
        items,
        (batch) => seen.push(...batch),
        () => false,
        100,
      ),
    ).toBe(true);
    expect(seen).toEqual(items);

    let calls = 0;
    const slow = (batch: readonly number[]): void => {
      calls += batch.length > 0 ? 1 : 0;
      const until = performance.now() + 20;
      while (performance.now() < until) {
        // A batch longer than a slice: the next one waits for a yield.
      }
    };
    expect(await inSlices(items, slow, () => true, 100)).toBe(false);
    expect(calls).toBe(1);
  });
});
