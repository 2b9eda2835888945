/**
 * The timeline's clusters, computed here rather than by vis-timeline: its clustering pass over 5,000
 * documents (and the objects it builds for each) was a long task at every change of zoom level. The
 * rule is vis-timeline 8.5's own (ClusterGenerator.getClusters with `maxItems: 1`), so the chart groups
 * the same documents as before; vis-timeline is then given only the clusters and documents near the
 * visible window. One pass is a single walk over the sorted dates (well under a millisecond for 5,000),
 * kept per level.
 */

/** A cluster (two or more documents) or a lone document: `from`..`to` (exclusive) in date order. */
export interface Entry {
  from: number;
  to: number;
  /** Where it is drawn: the document's time, or the mean of the cluster's times (as vis-timeline). */
  at: number;
}

/** The entries of one level, in date order, with their times apart for binary searches. */
export interface Level {
  entries: readonly Entry[];
  at: Float64Array;
}

/**
 * vis-timeline's clustering window for a chart `widthPx` wide showing `spanMs`: 2^level ms, the level
 * being log2 of 100 px worth of time, rounded. `null` at a pixel per millisecond or more (no clusters);
 * 0 without a width yet (every document alone, as vis-timeline).
 */
export function clusterWindowMs(widthPx: number, spanMs: number): number | null {
  const scale = spanMs > 0 ? widthPx / spanMs : 0;
  if (scale >= 1) return null;
  if (scale <= 0) return 0;
  return 2 ** Math.abs(Math.round(Math.log(100 / scale) / Math.log(2)));
}

/**
 * One level's entries. vis-timeline's rule with one item per cluster at most: from the first document
 * not yet placed, every later document less than half a window after it joins it; a document with none
 * stays alone. (Its other counts, documents before and clusters already made, are always zero then.)
 * `times` must be sorted.
 */
export function clusterLevel(times: Float64Array, windowMs: number): Level {
  const entries: Entry[] = [];
  const half = windowMs / 2;
  let from = 0;
  while (from < times.length) {
    const start = times[from] ?? 0;
    let to = from + 1;
    while (to < times.length && (times[to] ?? 0) - start < half) to++;
    let sum = 0;
    for (let index = from; index < to; index++) sum += times[index] ?? 0;
    entries.push({ from, to, at: sum / (to - from) });
    from = to;
  }
  return { entries, at: Float64Array.from(entries, (entry) => entry.at) };
}

/** Every document alone: the level shown where clusters go away (minute scale). */
export function unclustered(times: Float64Array): Level {
  const entries = Array.from(times, (at, index) => ({ from: index, to: index + 1, at }));
  return { entries, at: times };
}

/** First index whose value is at least `value` (sorted array). */
function lowerBound(values: Float64Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The entries drawn from `start` to `end` (inclusive), by binary search. */
export function entriesBetween(level: Level, start: number, end: number): readonly Entry[] {
  const first = lowerBound(level.at, start);
  let last = lowerBound(level.at, end);
  while (last < level.at.length && (level.at[last] ?? 0) <= end) last++;
  return level.entries.slice(first, last);
}

/** A key for an entry that names its documents: the same cluster at two levels keeps its key (no redraw). */
export function entryKey(entry: Entry): string {
  return `${entry.from}-${entry.to}`;
}
