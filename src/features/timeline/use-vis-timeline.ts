/**
 * Mounts vis-timeline in a container and keeps it in step with the rules: scale label and clustering follow the visible span; a tapped cluster is fitted with a 5%
 * margin; a tapped document is handed to `onOpen`. The esnext peer build (with vis-data) carries no
 * core-js polyfills: 137 kB gzip for the screen instead of 205 kB with the plain peer build.
 */
import 'vis-timeline/styles/vis-timeline-graph2d.min.css';
import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DataSet } from 'vis-data/esnext';
import { Timeline } from 'vis-timeline/esnext';
import type { TimeScale, TimeWindow } from './timeline-config';
import { clusteringEnabled, focusWindow, panWindow, scaleForSpan, zoomWindow } from './timeline-config';
import type { TimelineDocItem } from './timeline-items';
import type { ClusterLabels } from './vis-options';
import { baseOptions, clusterSetting } from './vis-options';

export interface VisTimelineControls {
  scale: TimeScale;
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

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const data = new DataSet<TimelineDocItem, 'id'>([...items]);
    const options = baseOptions({
      height: heightRef.current,
      locale,
      labels: labelsRef.current,
      clustered: true,
    });
    const timeline = new Timeline(element, data, options);
    timelineRef.current = timeline;
    clusteredRef.current = true;

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
    return () => {
      timeline.destroy();
      timelineRef.current = null;
    };
  }, [container, items, locale]);

  useEffect(() => {
    // Any setOptions without `cluster` turns clustering off in vis-timeline: always pass it along.
    const cluster = clusterSetting(clusteredRef.current, labelsRef.current);
    timelineRef.current?.setOptions({ ...cluster, height });
  }, [height]);

  const zoom = useCallback((factor: number): void => {
    const timeline = timelineRef.current;
    if (!timeline) return;
    const next = zoomWindow(windowOf(timeline), factor);
    timeline.setWindow(next.start, next.end, { animation: true });
  }, []);
  const pan = useCallback((share: number): void => {
    const timeline = timelineRef.current;
    if (!timeline) return;
    const next = panWindow(windowOf(timeline), share);
    timeline.setWindow(next.start, next.end, { animation: true });
  }, []);
  const fit = useCallback((): void => timelineRef.current?.fit({ animation: true }), []);
  const refresh = useCallback((): void => {
    timelineRef.current?.redraw();
    timelineRef.current?.fit({ animation: false });
  }, []);

  return { scale, zoom, pan, fit, refresh };
}
