import { DataSet } from 'vis-data/esnext';
import { describe, expect, it } from 'vitest';
import { canSuspendDrawing, suspendDrawing } from './draw-suspension';
import { inSlices } from './yield';

describe('suspendDrawing on vis-timeline itself', () => {
  it('holds drawing, ordering and clustering and lets them go (an upgrade renaming them fails here)', async () => {
    const { Timeline } = await import('vis-timeline/esnext');
    const element = document.createElement('div');
    document.body.append(element);
    const data = new DataSet<{ id: number; start: Date; content: string }, 'id'>();
    const timeline = new Timeline(element, data, { cluster: { maxItems: 1 } });
    try {
      expect(canSuspendDrawing(timeline)).toBe(true);
      const itemSet = Reflect.get(timeline, 'itemSet') as object;
      const redraw: unknown = Reflect.get(timeline, '_redraw');
      const resume = suspendDrawing(timeline);
      expect(Reflect.get(timeline, '_redraw')).not.toBe(redraw);
      expect(Object.hasOwn(itemSet, '_clusterItems')).toBe(true);
      data.add([{ id: 1, start: new Date('2024-05-02T10:00:00Z'), content: '' }]);
      resume();
      expect(Reflect.get(timeline, '_redraw')).toBe(redraw);
      expect(Object.hasOwn(itemSet, '_clusterItems')).toBe(false);
      expect(Object.hasOwn(itemSet, '_order')).toBe(false);
    } finally {
      timeline.destroy();
      element.remove();
    }
  });

  it('leaves a timeline without those members alone', () => {
    const fake = { itemSet: {} } as unknown as Parameters<typeof suspendDrawing>[0];
    expect(canSuspendDrawing(fake)).toBe(false);
    expect(() => suspendDrawing(fake)()).not.toThrow();
  });
});

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
