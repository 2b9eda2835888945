import { DataSet } from 'vis-data/esnext';
import { describe, expect, it } from 'vitest';
import { clusterLevel, clusterWindowMs, entriesBetween, entryKey, unclustered } from './clusters';

/** A reproducible dossier: bursts of documents (some at the same instant) over about ten years. */
function dossierTimes(count: number, seed: number): Float64Array {
  let state = seed;
  const random = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const start = Date.UTC(2015, 0, 1);
  const times: number[] = [];
  while (times.length < count) {
    const burst = start + random() * 10 * 365 * 86_400_000;
    const size = 1 + Math.floor(random() * 6);
    for (let index = 0; index < size && times.length < count; index++) {
      times.push(random() < 0.2 ? burst : burst + Math.floor(random() * 3 * 86_400_000));
    }
  }
  return Float64Array.from(times.sort((a, b) => a - b));
}

const groups = (times: Float64Array, windowMs: number): number[][] =>
  clusterLevel(times, windowMs)
    .entries.filter((entry) => entry.to - entry.from > 1)
    .map((entry) => Array.from({ length: entry.to - entry.from }, (_, index) => entry.from + index));

describe('clusterLevel', () => {
  it('groups what lies within half a window after the first document, else leaves it alone', () => {
    const times = Float64Array.from([0, 4, 9, 20, 100, 104, 200]);
    const level = clusterLevel(times, 20);
    expect(level.entries.map((entry) => [entry.from, entry.to])).toEqual([
      [0, 3],
      [3, 4],
      [4, 6],
      [6, 7],
    ]);
    expect([...level.at]).toEqual([13 / 3, 20, 102, 200]);
    expect(clusterLevel(times, 0).entries).toHaveLength(times.length);
    expect(clusterLevel(new Float64Array(0), 20).entries).toEqual([]);
  });

  it('takes 100 px worth of time, as a power of two, as the window', () => {
    // 400 px over 400,000 ms: 100 px are 100,000 ms, 2^16.6 rounded to 2^17.
    expect(clusterWindowMs(400, 400_000)).toBe(2 ** 17);
    expect(clusterWindowMs(400, 200)).toBeNull();
    expect(clusterWindowMs(0, 400_000)).toBe(0);
  });

  it('makes the clusters vis-timeline made at every level (its own generator, same documents)', async () => {
    const { Timeline } = await import('vis-timeline/esnext');
    const times = dossierTimes(600, 7);
    // Shuffled ids: equal times are ordered by id, as vis-timeline orders them.
    const ids = Array.from(times, (_, index) => ((index * 7919) % 600) + 1);
    const byTime = ids.map((id, index) => ({ id, time: times[index] ?? 0 }));
    byTime.sort((a, b) => a.time - b.time || a.id - b.id);
    const sorted = Float64Array.from(byTime, (entry) => entry.time);
    const element = document.createElement('div');
    document.body.append(element);
    const data = new DataSet(byTime.map(({ id, time }) => ({ id, start: new Date(time), content: '' })));
    const timeline = new Timeline(element, data, { cluster: { maxItems: 1 } });
    try {
      const itemSet = Reflect.get(timeline, 'itemSet') as object;
      const generator = Reflect.get(itemSet, 'clusterGenerator') as {
        getClusters: (
          old: unknown[],
          scale: number,
          options: object,
        ) => { data: { uiItems: { id: number }[] } }[];
      };
      let previous: unknown[] = [];
      const sizes: number[] = [];
      for (let level = 12; level <= 38; level += 2) {
        // The scale whose level is exactly this one: 100 px worth of time is 2^level ms.
        const clusters = generator.getClusters(previous, 100 / 2 ** level, {
          maxItems: 1,
          titleTemplate: '',
        });
        previous = clusters;
        const theirs = clusters.map((cluster) => cluster.data.uiItems.map((item) => item.id));
        const ours = groups(sorted, 2 ** level).map((group) => group.map((index) => byTime[index]?.id));
        expect(ours, `level ${level}`).toEqual(theirs);
        sizes.push(theirs.length);
      }
      // From the documents of one instant only, through many small clusters, to a few large ones.
      expect(sizes[0]).toBeLessThan(40);
      expect(Math.max(...sizes)).toBeGreaterThan(100);
      expect(sizes.at(-1)).toBeLessThan(5);
    } finally {
      timeline.destroy();
      element.remove();
    }
  });
});

describe('entriesBetween', () => {
  it('finds the entries drawn within a window, edges included', () => {
    const level = unclustered(Float64Array.from([10, 20, 20, 30, 40]));
    expect(entriesBetween(level, 20, 30).map(entryKey)).toEqual(['1-2', '2-3', '3-4']);
    expect(entriesBetween(level, 0, 5)).toEqual([]);
    expect(entriesBetween(level, 41, 50)).toEqual([]);
    expect(entriesBetween(level, 0, 100)).toHaveLength(5);
  });
});
