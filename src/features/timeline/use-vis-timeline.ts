/**
 * Mounts vis-timeline in a container and keeps it in step with the rules: scale label and clustering
 * follow the visible span; a tapped cluster is fitted with a 5% margin; a tapped document is handed to
 * `onOpen`. vis-timeline holds only what `display.ts` gives it for the window (clusters and documents
 * near it), updated as the window moves: with 5,000 documents it never builds, orders or clusters them all.
 * The chart starts on the documents' fitted window (room left for the outermost clusters) and reports
 * `ready` only once the container has its size and that window is drawn, so the caller can keep it hidden
 * until then. The esnext peer build (with vis-data) carries no core-js polyfills: 137 kB gzip for the
 * screen instead of 205 kB with the plain peer build.
 */
import 'vis-timeline/styles/vis-timeline-graph2d.min.css';
import type { RefObject } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataSet } from 'vis-data/esnext';
import type { DataItemCollectionType } from 'vis-timeline/esnext';
import { Timeline } from 'vis-timeline/esnext';
import { hideCutAxisLabels } from './axis-clip';
import type { Display } from './display';
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
import type { SortedDossier, TimelineItem } from './timeline-items';
import { baseOptions } from './vis-options';
import { inTasks, yieldToMain } from './yield';

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
  dossier: SortedDossier;
  /** Builds the display for the dossier (changes with the language). */
  display: () => Display;
  height: number;
  locale: string;
  onOpen: (documentId: number) => void;
}

/** The width vis-timeline clusters for (its centre panel), or the container's before it has drawn. */
function centerWidth(timeline: Timeline, element: HTMLElement): number {
  const body: unknown = Reflect.get(timeline, 'body');
  const props: unknown = body && typeof body === 'object' ? Reflect.get(body, 'domProps') : null;
  const center: unknown = props && typeof props === 'object' ? Reflect.get(props, 'center') : null;
  const width: unknown = center && typeof center === 'object' ? Reflect.get(center, 'width') : null;
  return typeof width === 'number' && width > 0 ? width : element.clientWidth;
}

/**
 * No items at creation: vis-timeline then skips its items' set-up and draw, done later with `setItems`.
 * Its typings ask for a collection, though its constructor takes none (`if (items)`).
 */
const NO_ITEMS = null as unknown as DataItemCollectionType;

function windowOf(timeline: Timeline): TimeWindow {
  const { start, end } = timeline.getWindow();
  return { start: start.valueOf(), end: end.valueOf() };
}

export function useVisTimeline(args: Args): VisTimelineControls {
  const { container, dossier, display, height, locale, onOpen } = args;
  const timelineRef = useRef<Timeline | null>(null);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const heightRef = useRef(height);
  heightRef.current = height;
  const [scale, setScale] = useState<TimeScale>('year');
  const [ready, setReady] = useState(false);
  const range = useMemo(() => {
    const { times } = dossier;
    const now = Date.now();
    return { first: times[0] ?? now, last: times[times.length - 1] ?? now };
  }, [dossier]);
  // The fitted window for the container's current width (0 while the Ionic page is not laid out yet).
  const fitted = (): TimeWindow =>
    fitWindow(range.first, range.last, container.current?.clientWidth ?? 0, dossier.times.length);
  const fittedRef = useRef(fitted);
  fittedRef.current = fitted;
  const zoomMaxRef = useRef(ZOOM_MAX_MS);
  zoomMaxRef.current = zoomMaxFor(range.first, range.last);
  /** The container width the window was last fitted for (0: not yet). */
  const fittedWidthRef = useRef(0);
  const syncRef = useRef<(window: TimeWindow) => void>(() => undefined);

  // The chart is made a task after the view's first commit, not in the same one (it was a long task).
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    let live = true;
    void yieldToMain().then(() => {
      if (live) setArmed(true);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!element || !armed) return;
    setReady(false);
    fittedWidthRef.current = 0;
    const shown = display();
    const data = new DataSet<TimelineItem, 'id'>();
    // Shown once vis-timeline has drawn (it draws only when the container has a width) and the window
    // is fitted with room for the clusters; hidden until then.
    let built = false;
    let placed = false;
    let drawn = false;
    let revealed = false;
    let cancelled = false;
    let frame = 0;
    let observer: ResizeObserver | null = null;
    // Created bare (its DOM, one empty draw); options, window and items follow in tasks of their own
    // (`inTasks` below): together they were one long task. The direction is given, so vis-timeline does not
    // read the computed style of every ancestor to find it (the portal is left to right in both languages).
    const timeline = new Timeline(element, NO_ITEMS, {
      rtl: false,
      onInitialDrawComplete: (): void => {
        drawn = true;
        reveal();
      },
    });
    timelineRef.current = timeline;

    /** What vis-timeline holds, for this window: only the changes. */
    const sync = (window: TimeWindow): void => {
      const clustered = clusteringEnabled(scaleForSpan(window.end - window.start));
      const change = shown.update(window, centerWidth(timeline, element), clustered);
      if (change.remove.length > 0) data.remove(change.remove);
      if (change.add.length > 0) data.add(change.add);
    };
    syncRef.current = sync;
    const show = (window: TimeWindow): void => {
      timeline.setWindow(window.start, window.end, { animation: false });
      sync(window);
    };
    const follow = (props?: { start?: Date; end?: Date }): void => {
      if (props?.start && props.end) setScale(scaleForSpan(props.end.valueOf() - props.start.valueOf()));
    };
    const reveal = (): void => {
      if (revealed || !drawn || element.clientWidth === 0) return;
      revealed = true;
      fittedWidthRef.current = element.clientWidth;
      observer?.disconnect();
      const window = fittedRef.current();
      show(window);
      // vis-timeline reports a change made without animation 200 ms late: name the scale now.
      follow({ start: new Date(window.start), end: new Date(window.end) });
      frame = requestAnimationFrame(() => setReady(true));
    };
    // vis-timeline fits after its first draw by measuring every item: ours is arithmetic on the dates,
    // with room for the clusters.
    Reflect.set(timeline, 'fit', (fitOptions?: { animation?: boolean }): void => {
      const window = fittedRef.current();
      timeline.setWindow(window.start, window.end, { animation: fitOptions?.animation ?? false });
    });
    const click = (props?: { item?: unknown; isCluster?: boolean }): void => {
      const cluster = shown.clusterRange(props?.item);
      if (cluster) {
        const target = focusWindow(cluster.min, cluster.max);
        timeline.setWindow(target.start, target.end, { animation: true });
      } else if (typeof props?.item === 'number') {
        openRef.current(props.item);
      }
    };
    // Every step of a zoom animation or a drag: clusters split and join as they did inside vis-timeline.
    timeline.on('rangechange', (props?: { start?: Date; end?: Date }) => {
      if (props?.start && props.end) sync({ start: props.start.valueOf(), end: props.end.valueOf() });
    });
    timeline.on('rangechanged', follow);
    timeline.on('click', click);
    // After every redraw: no axis label cut at the chart's edge (narrow screens).
    timeline.on('changed', () => hideCutAxisLabels(element));

    /** The items (vis-timeline's first real draw), once the container has a width to fit the window to. */
    const place = (): void => {
      if (placed || element.clientWidth === 0) return;
      placed = true;
      show(fittedRef.current());
      timeline.setItems(data);
    };
    void inTasks(
      [
        () =>
          timeline.setOptions({
            ...baseOptions({ height: heightRef.current, locale }),
            // A dossier of about ten years needs a little more to be shown whole with room for its clusters.
            zoomMax: zoomMaxFor(range.first, range.last),
          }),
        // The window first: the clusters given to vis-timeline depend on its span and width.
        () => {
          if (element.clientWidth > 0) show(fittedRef.current());
        },
        () => {
          built = true;
          place();
        },
      ],
      () => cancelled,
    );

    // The Ionic page gets its size after mounting: draw as soon as it has one (vis-timeline itself
    // would notice only at its next one-second size check).
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(() => {
        if (!built) return;
        place();
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
      syncRef.current = () => undefined;
    };
  }, [armed, container, display, locale, range]);

  useEffect(() => {
    timelineRef.current?.setOptions({ maxHeight: height });
  }, [height]);

  const move = useCallback((next: (window: TimeWindow) => TimeWindow): void => {
    const timeline = timelineRef.current;
    if (!timeline) return;
    const target = next(windowOf(timeline));
    timeline.setWindow(target.start, target.end, { animation: true });
  }, []);
  const zoom = useCallback(
    (factor: number): void => move((window) => zoomWindow(window, factor, zoomMaxRef.current)),
    [move],
  );
  const pan = useCallback((share: number): void => move((window) => panWindow(window, share)), [move]);
  const fit = useCallback((): void => move(() => fittedRef.current()), [move]);
  const refresh = useCallback((): void => {
    const timeline = timelineRef.current;
    // Already drawn and fitted at this width (the usual case when Ionic shows the page): nothing to redo.
    const width = container.current?.clientWidth ?? 0;
    if (!timeline || width === 0 || width === fittedWidthRef.current) return;
    fittedWidthRef.current = width;
    timeline.redraw();
    const window = fittedRef.current();
    timeline.setWindow(window.start, window.end, { animation: false });
    syncRef.current(window);
  }, [container]);

  return { scale, ready, zoom, pan, fit, refresh };
}
