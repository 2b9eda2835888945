/**
 * What vis-timeline is given for a window: the clusters and lone documents drawn in it and one window's
 * span either side (so a pan or a drag of up to a window shows no gap before the next update), as
 * changes to what it holds. A few dozen items instead of the whole dossier, whatever its size.
 */
import type { Entry, Level } from './clusters';
import { clusterLevel, clusterWindowMs, entriesBetween, entryKey, unclustered } from './clusters';
import type { TimeWindow } from './timeline-config';
import type { SortedDossier, TimelineDocument, TimelineItem } from './timeline-items';
import { clusterItem } from './timeline-items';

export interface DisplayChange {
  add: TimelineItem[];
  remove: (string | number)[];
}

export interface Display {
  /** The changes for this window (none when what is held still covers it at the same level). */
  update: (window: TimeWindow, widthPx: number, clustered: boolean) => DisplayChange;
  /** A drawn cluster's first and last document times, by item id. */
  clusterRange: (id: unknown) => { min: number; max: number } | null;
  /** How many items vis-timeline holds now. */
  size: () => number;
}

interface Held {
  levelKey: number;
  covered: TimeWindow;
  items: Map<string | number, Entry>;
}

/** Key of the level without clusters (minute scale). */
const UNCLUSTERED = -1;

export function createDisplay(args: {
  dossier: SortedDossier;
  documentItem: (doc: TimelineDocument) => TimelineItem;
  clusterTitle: string;
}): Display {
  const { dossier, documentItem, clusterTitle } = args;
  const levels = new Map<number, Level>();
  let held: Held | null = null;

  const levelOf = (key: number): Level => {
    let level = levels.get(key);
    if (!level) {
      level = key === UNCLUSTERED ? unclustered(dossier.times) : clusterLevel(dossier.times, key);
      levels.set(key, level);
    }
    return level;
  };
  const idOf = (entry: Entry): string | number =>
    entry.to - entry.from === 1
      ? (dossier.documents[entry.from]?.id ?? entryKey(entry))
      : `c${entryKey(entry)}`;
  const itemOf = (id: string | number, entry: Entry): TimelineItem => {
    const doc = dossier.documents[entry.from];
    if (typeof id === 'number' && doc) return documentItem(doc);
    return clusterItem(String(id), entry.at, entry.to - entry.from, clusterTitle);
  };

  const update = (window: TimeWindow, widthPx: number, clustered: boolean): DisplayChange => {
    const span = Math.max(0, window.end - window.start);
    const levelKey = clustered ? (clusterWindowMs(widthPx, span) ?? UNCLUSTERED) : UNCLUSTERED;
    // Same level and still half a window of margin each side: nothing to change (most frames of a drag).
    if (
      held &&
      held.levelKey === levelKey &&
      window.start - span / 2 >= held.covered.start &&
      window.end + span / 2 <= held.covered.end
    ) {
      return { add: [], remove: [] };
    }
    const covered = { start: window.start - span, end: window.end + span };
    const next = new Map<string | number, Entry>();
    for (const entry of entriesBetween(levelOf(levelKey), covered.start, covered.end)) {
      next.set(idOf(entry), entry);
    }
    const before = held?.items ?? new Map<string | number, Entry>();
    const remove = [...before.keys()].filter((id) => !next.has(id));
    const add: TimelineItem[] = [];
    for (const [id, entry] of next) if (!before.has(id)) add.push(itemOf(id, entry));
    held = { levelKey, covered, items: next };
    return { add, remove };
  };

  const clusterRange = (id: unknown): { min: number; max: number } | null => {
    const entry = typeof id === 'string' ? held?.items.get(id) : undefined;
    if (!entry) return null;
    return { min: dossier.times[entry.from] ?? entry.at, max: dossier.times[entry.to - 1] ?? entry.at };
  };

  return { update, clusterRange, size: () => held?.items.size ?? 0 };
}
