import { describe, expect, it } from 'vitest';
import type { Document } from '../../contract/documents';
import { createDisplay } from './display';
import type { TimelineItem } from './timeline-items';

const DAY = 86_400_000;

/** Documents one day apart from day 0, ids 101, 102, …; only what the display reads is filled in. */
function dossier(days: number[]) {
  const documents = days.map((day, index) => ({ id: 101 + index, day }) as unknown as Document);
  return { documents, times: Float64Array.from(days, (day) => day * DAY) };
}

function displayOf(days: number[]) {
  return createDisplay({
    dossier: dossier(days),
    clusterTitle: '{count} documenti',
    documentItem: (doc): TimelineItem => ({
      id: doc.id,
      type: 'point',
      start: new Date(0),
      content: '',
      label: '',
      title: '',
      className: 'tl-doc',
    }),
  });
}

describe('createDisplay', () => {
  it('gives clusters and lone documents of the window and a window either side, then only changes', () => {
    const display = displayOf([0, 0.05, 0.1, 5, 10, 10.3, 40, 100]);
    // 1,000 px over 20 days: 100 px are 2 days, a window of 2^28 ms (about 3.1 days).
    const first = display.update({ start: 0, end: 20 * DAY }, 1000, true);
    expect(first.remove).toEqual([]);
    expect(first.add.map((item) => [item.id, item.type])).toEqual([
      ['c0-3', 'box'],
      [104, 'point'],
      ['c4-6', 'box'],
      [107, 'point'],
    ]);
    expect(first.add[0]).toMatchObject({ count: 3, title: '3 documenti' });
    expect(display.clusterRange('c0-3')).toEqual({ min: 0, max: 0.1 * DAY });
    expect(display.clusterRange(104)).toBeNull();
    // A small pan keeps half a window of margin: nothing changes.
    expect(display.update({ start: 2 * DAY, end: 22 * DAY }, 1000, true)).toEqual({ add: [], remove: [] });
    // Further on, what falls out of reach goes and what comes near arrives.
    const moved = display.update({ start: 60 * DAY, end: 80 * DAY }, 1000, true);
    expect(moved.add.map((item) => item.id)).toEqual([108]);
    expect(moved.remove).toEqual(['c0-3', 104, 'c4-6']);
    expect(display.size()).toBe(2);
  });

  it('keeps a cluster that stays the same across levels and splits the others', () => {
    const display = displayOf([0, 0.05, 0.1, 5, 10, 10.3, 40, 100]);
    display.update({ start: 0, end: 20 * DAY }, 1000, true);
    // Zoomed in four times: a window of 2^25 ms (about 0.39 days) still holds the first three together,
    // not the two documents 0.3 days apart; the second of them is beyond a window's margin.
    const zoomed = display.update({ start: 0, end: 5 * DAY }, 1000, true);
    expect(zoomed.remove).toEqual(['c4-6', 107]);
    expect(zoomed.add.map((item) => item.id)).toEqual([105]);
    // Clustering off (minute scale): every document alone.
    const apart = display.update({ start: 0, end: 0.2 * DAY }, 1000, false);
    expect(apart.remove).toEqual(['c0-3', 104, 105]);
    expect(apart.add.map((item) => item.id)).toEqual([101, 102, 103]);
  });
});
