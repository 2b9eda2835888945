/**
 * Timeline constants of spec section 9 and the pure rules built on them (zoom, height, clusters,
 * tooltips, scale label, cluster focus). The vis-timeline component only wires these in.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Zoom from one hour to about ten years (spec section 9). */
export const ZOOM_MIN_MS = HOUR_MS;
export const ZOOM_MAX_MS = 321_408_000_000;
export const HEIGHT_MIN_PX = 400;
export const HEIGHT_MAX_PX = 700;
export const TOOLTIP_DELAY_MS = 700;
/** Margin on each side of a focused cluster, as a share of its span. */
export const FOCUS_MARGIN = 0.05;
/** Every document of the dossier, in one call. */
export const TIMELINE_MAX_DOCUMENTS = 5000;
export const CLUSTER_SHADES = 4;
/**
 * Largest cluster disc. The spec's 3*count+30 px reaches 90 px at 20 documents; a dossier of
 * thousands would otherwise draw discs wider than the screen.
 */
export const CLUSTER_MAX_PX = 90;
/** Gap kept between a fitted window's edge and the outermost cluster disc. */
export const FIT_GAP_PX = 8;

/** Height of the timeline: what the viewport leaves free, held between 400 and 700 px. */
export function timelineHeight(viewportHeight: number, reservedPx: number): number {
  const free = Math.floor(viewportHeight - reservedPx);
  return Math.min(HEIGHT_MAX_PX, Math.max(HEIGHT_MIN_PX, free));
}

/** Side of a cluster's disc: 3 px per document plus 30, at most CLUSTER_MAX_PX. */
export function clusterSize(count: number): number {
  return Math.min(CLUSTER_MAX_PX, 3 * count + 30);
}

/**
 * Shade (0 = lightest … 3 = darkest) by the logarithm of the count: clusters of 2–9 documents take
 * shade 0, 10–99 shade 1, 100–999 shade 2, 1,000 and more shade 3.
 */
export function clusterShade(count: number): number {
  if (count < 2) return 0;
  return Math.min(CLUSTER_SHADES - 1, Math.floor(Math.log10(count)));
}

export type TimeScale = 'year' | 'month' | 'day' | 'hour' | 'minute';

/** The scale the visible span is read at; clusters go away at minute scale. */
export function scaleForSpan(spanMs: number): TimeScale {
  if (spanMs >= 3 * 365 * DAY_MS) return 'year';
  if (spanMs >= 90 * DAY_MS) return 'month';
  if (spanMs >= 3 * DAY_MS) return 'day';
  if (spanMs >= 6 * HOUR_MS) return 'hour';
  return 'minute';
}

export const SCALE_LABEL: Readonly<Record<TimeScale, MessageDescriptor>> = {
  year: msg`Anni`,
  month: msg`Mesi`,
  day: msg`Giorni`,
  hour: msg`Ore`,
  minute: msg`Minuti`,
};

export function clusteringEnabled(scale: TimeScale): boolean {
  return scale !== 'minute';
}

export interface TimeWindow {
  start: number;
  end: number;
}

/** The window that shows a cluster's documents with a 5% margin each side, never under the zoom minimum. */
export function focusWindow(first: number, last: number): TimeWindow {
  const span = Math.max(0, last - first);
  const margin = span * FOCUS_MARGIN;
  const start = first - margin;
  const end = last + margin;
  if (end - start >= ZOOM_MIN_MS) return { start, end };
  const middle = (first + last) / 2;
  return { start: middle - ZOOM_MIN_MS / 2, end: middle + ZOOM_MIN_MS / 2 };
}

/**
 * The window that shows every document from `first` to `last` on a chart `widthPx` wide, with room
 * each side for half of the largest disc a cluster of `largestCount` documents draws, plus a gap:
 * the outermost clusters are not cut by the edges.
 */
export function fitWindow(first: number, last: number, widthPx: number, largestCount: number): TimeWindow {
  const span = Math.max(0, last - first);
  if (span < ZOOM_MIN_MS) return focusWindow(first, last);
  const marginPx = clusterSize(Math.max(2, largestCount)) / 2 + FIT_GAP_PX;
  // Without a width yet (hidden page), or on a very narrow chart, keep half the width for the documents.
  const usablePx = widthPx > 0 ? Math.max(widthPx - 2 * marginPx, widthPx / 2) : 0;
  const margin = usablePx > 0 ? ((widthPx - usablePx) / 2) * (span / usablePx) : span * 0.1;
  return { start: first - margin, end: last + margin };
}

/**
 * The zoom maximum for a dossier from `first` to `last`: the spec's, or more when the documents with
 * the room `fitWindow` leaves for the clusters (at most twice their span) would not fit in it.
 */
export function zoomMaxFor(first: number, last: number): number {
  return Math.max(ZOOM_MAX_MS, 2 * Math.max(0, last - first));
}

/** Zoom by a factor around the window's centre (below 1 zooms in), within the zoom bounds. */
export function zoomWindow(window: TimeWindow, factor: number, maxMs = ZOOM_MAX_MS): TimeWindow {
  const middle = (window.start + window.end) / 2;
  const span = Math.min(maxMs, Math.max(ZOOM_MIN_MS, (window.end - window.start) * factor));
  return { start: middle - span / 2, end: middle + span / 2 };
}

/** Shift the window by a share of its span (negative moves back in time). */
export function panWindow(window: TimeWindow, share: number): TimeWindow {
  const delta = (window.end - window.start) * share;
  return { start: window.start + delta, end: window.end + delta };
}

export interface TooltipDocument {
  viewable: boolean;
  documentType: { desc: string };
  title: string;
}

/**
 * What a document's tooltip says: physicians see the type even when the document is not viewable,
 * others see the not-readable message for those (spec section 6). `null`: the not-readable text.
 */
export function tooltipLines(doc: TooltipDocument, isPhysician: boolean): string[] | null {
  if (!doc.viewable) return isPhysician ? [doc.documentType.desc] : null;
  const type = doc.documentType.desc;
  return doc.title && doc.title !== type ? [type, doc.title] : [type];
}
