/**
 * Mounts vis-timeline in a container and keeps it in step with the rules: scale label and clustering
 * follow the visible span; a tapped cluster is fitted with a 5% margin; a tapped document is handed to
 * `onOpen`. The chart starts on the documents' fitted window (room left for the outermost clusters) and
 * reports `ready` only once the container has its size and that window is drawn, so the caller can keep
 * it hidden until then (no flash of items stacked on a default window). The esnext peer build (with vis-data) carries no
 * core-js polyfills: 137 kB gzip for the screen instead of 205 kB with the plain peer build.
 */
import 'vis-timeline/styles/vis-timeline-graph2d.min.css';
import type { RefObject } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataSet } from 'vis-data/esnext';
import { Timeline } from 'vis-timeline/esnext';
import { speedUpClusterReuse } from './cluster-reuse';
import { suspendDrawing } from './draw-suspension';
import type { TimeScale, TimeWindow } from './timeline-config';
import {
  clusteringEnabled,
  fitWindow,
  focusWindow,
  panWindow,
  scaleForSpan,
  ZOOM_MAX_MS,
  zoomMaxFor,
  zoomWindow,
} from './timeline-config';
import type { TimelineDocItem } from './timeline-items';
import type { ClusterLabels } from './vis-options';
import { baseOptions, clusterSetting } from './vis-options';
import { inSlices } from './yield';

export interface VisTimelineControls {
  scale: TimeScale;
  /** False until the chart has its size and shows the fitted window: keep it hidden until then. */
  ready: boolean;
  zoom: (factor: number) => void;
  pan: (share: number) => void;
  fit: () => void;
  /** Redraw and fit once the Ionic page has its size. */
  refresh: () => void;
}

interface Args {
  container: RefObject<HTMLDivElement | null>;
  items: readonly TimelineDocItem[];
  height: number;
  locale: string;
  labels: ClusterLabels;
  onOpen: (documentId: number) => void;
}

/** The documents' time range of the cluster element a tap landed on, if any. */
function clusterRangeAt(target: unknown): { min: number; max: number } | null {
  if (!(target instanceof Element)) return null;
  const box: unknown = target.closest('.vis-cluster');
  if (!box || typeof box !== 'object') return null;
  const item: unknown = Reflect.get(box, 'vis-item');
  const data: unknown = item && typeof item === 'object' ? Reflect.get(item, 'data') : null;
  if (!data || typeof data !== 'object') return null;
  const min: unknown = Reflect.get(data, 'min');
  const max: unknown = Reflect.get(data, 'max');
  return typeof min === 'number' && typeof max === 'number' ? { min, max } : null;
}

/** First and last document time. */
function dataRange(items: readonly TimelineDocItem[]): { first: number; last: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    const time = item.start.getTime();
    if (time < first) first = time;
    if (time > last) last = time;
  }
  return Number.isFinite(first) ? { first, last } : { first: Date.now(), last: Date.now() };
}

function windowOf(timeline: Timeline): TimeWindow {
  const { start, end } = timeline.getWindow();
  return { start: start.valueOf(), end: end.valueOf() };
}

export function useVisTimeline(args: Args): VisTimelineControls {
  const { container, items, height, locale, labels, onOpen } = args;
  const timelineRef = useRef<Timeline | null>(null);
  const clusteredRef = useRef(true);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const heightRef = useRef(height);
  heightRef.current = height;
  const [scale, setScale] = useState<TimeScale>('year');
  const [ready, setReady] = useState(false);
  const range = useMemo(() => dataRange(items), [items]);
  // The fitted window for the container's current width (0 while the Ionic page is not laid out yet).
  const fitted = (): TimeWindow =>
    fitWindow(range.first, range.last, container.current?.clientWidth ?? 0, items.length);
  const fittedRef = useRef(fitted);
  const zoomMaxRef = useRef(ZOOM_MAX_MS);
  /** The container width the window was last fitted for (0: not yet). */
  const fittedWidthRef = useRef(0);
  zoomMaxRef.current = zoomMaxFor(range.first, range.last);
  fittedRef.current = fitted;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    setReady(false);
    fittedWidthRef.current = 0;
    // Filled in slices below: vis-timeline turning 5,000 documents into its items at once is a long task.
    const data = new DataSet<TimelineDocItem, 'id'>();
    // Shown once every document is in, vis-timeline has drawn (it draws only when the container has a
    // width, then fits its own way) and the window is fitted with room for the clusters; hidden until then.
    let loaded = false;
    let cancelled = false;
    let drawn = false;
    let revealed = false;
    let frame = 0;
    let observer: ResizeObserver | null = null;
    const reveal = (): void => {
      if (revealed || !loaded || !drawn || element.clientWidth === 0) return;
      revealed = true;
      fittedWidthRef.current = element.clientWidth;
      observer?.disconnect();
      const fitted = fittedRef.current();
      timeline.setWindow(fitted.start, fitted.end, { animation: false });
      // vis-timeline reports a change made without animation 200 ms late: name the scale now.
      follow({ start: new Date(fitted.start), end: new Date(fitted.end) });
      frame = requestAnimationFrame(() => setReady(true));
    };
    const options = {
      ...baseOptions({ height: heightRef.current, locale, labels: labelsRef.current, clustered: true }),
      // A dossier of about ten years needs a little more to be shown whole with room for its clusters.
      zoomMax: zoomMaxFor(range.first, range.last),
      onInitialDrawComplete: (): void => {
        drawn = true;
        reveal();
      },
    };
    const timeline = new Timeline(element, data, options);
    speedUpClusterReuse(timeline);
    // vis-timeline's first fit (it calls fit() after its first draw) builds and measures the element of
    // every one of the documents to fit them to the pixel: with 5,000 a long task of its own, then
    // replaced by our window anyway. Its fit is ours instead: arithmetic on the dates, room for clusters.
    Reflect.set(timeline, 'fit', (fitOptions?: { animation?: boolean }): void => {
      const window = fittedRef.current();
      timeline.setWindow(window.start, window.end, { animation: fitOptions?.animation ?? false });
    });
    timelineRef.current = timeline;
    clusteredRef.current = true;
    // The documents go in before anything is drawn (a drawn chart measures each document added to it):
    // nothing is drawn, ordered or clustered meanwhile; one clustered draw at the fitted window after.
    // Plain copies: the tooltips are written here, a slice at a time.
    const add = (batch: readonly TimelineDocItem[]): void => {
      data.add(batch.map((item) => ({ ...item })));
    };
    const resume = suspendDrawing(timeline);
    void inSlices(items, add, () => cancelled).then((complete) => {
      if (!complete || cancelled) return;
      loaded = true;
      const window = fittedRef.current();
      timeline.setWindow(window.start, window.end, { animation: false });
      resume();
      timeline.redraw();
      reveal();
    });

    const follow = (props?: { start?: Date; end?: Date }): void => {
      if (!props?.start || !props.end) return;
      const next = scaleForSpan(props.end.valueOf() - props.start.valueOf());
      setScale(next);
      const clustered = clusteringEnabled(next);
      if (clustered !== clusteredRef.current) {
        clusteredRef.current = clustered;
        timeline.setOptions(clusterSetting(clustered, labelsRef.current));
      }
    };
    const click = (props?: { item?: unknown; isCluster?: boolean; event?: { target?: unknown } }): void => {
      if (!props) return;
      const range = props.isCluster ? clusterRangeAt(props.event?.target) : null;
      if (range) {
        const target = focusWindow(range.min, range.max);
        timeline.setWindow(target.start, target.end, { animation: true });
      } else if (!props.isCluster && typeof props.item === 'number') {
        openRef.current(props.item);
      }
    };
    timeline.on('rangechanged', follow);
    timeline.on('click', click);
    follow(timeline.getWindow());

    // The Ionic page gets its size after mounting: draw as soon as it has one (vis-timeline itself
    // would notice only at its next one-second size check).
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(() => {
        if (!drawn && element.clientWidth > 0) timeline.redraw();
        reveal();
      });
      observer.observe(element);
    }
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      observer?.disconnect();
      timeline.destroy();
      timelineRef.current = null;
    };
  }, [container, items, locale, range]);

  useEffect(() => {
    // Any setOptions without `cluster` turns clustering off in vis-timeline: always pass it along.
    const cluster = clusterSetting(clusteredRef.current, labelsRef.current);
    timelineRef.current?.setOptions({ ...cluster, maxHeight: height });
  }, [height]);

  const zoom = useCallback((factor: number): void => {
    const timeline = timelineRef.current;
    if (!timeline) return;
    const next = zoomWindow(windowOf(timeline), factor, zoomMaxRef.current);
    timeline.setWindow(next.start, next.end, { animation: true });
  }, []);
  const pan = useCallback((share: number): void => {
    const timeline = timelineRef.current;
    if (!timeline) return;
    const next = panWindow(windowOf(timeline), share);
    timeline.setWindow(next.start, next.end, { animation: true });
  }, []);
  const fit = useCallback((): void => {
    const fitted = fittedRef.current();
    timelineRef.current?.setWindow(fitted.start, fitted.end, { animation: true });
  }, []);
  const refresh = useCallback((): void => {
    const timeline = timelineRef.current;
    // Already drawn and fitted at this width (the usual case when Ionic shows the page): a redraw would
    // measure every item again and cluster anew for the same picture.
    const width = container.current?.clientWidth ?? 0;
    if (!timeline || width === 0 || width === fittedWidthRef.current) return;
    fittedWidthRef.current = width;
    timeline.redraw();
    const fitted = fittedRef.current();
    timeline.setWindow(fitted.start, fitted.end, { animation: false });
  }, [container]);

  return { scale, ready, zoom, pan, fit, refresh };
}
