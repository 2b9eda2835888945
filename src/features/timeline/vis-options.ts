/** vis-timeline options and item/cluster rendering built from the timeline rules. */
import type { TimelineOptions } from 'vis-timeline';
import { axisFormat } from './axis-labels';
import {
  clusterShade,
  clusterSize,
  HEIGHT_MIN_PX,
  TOOLTIP_DELAY_MS,
  ZOOM_MAX_MS,
  ZOOM_MIN_MS,
} from './timeline-config';

/** A cluster's disc: size 3*count+30 px, shade by log(count). */
export function clusterElement(count: number): HTMLElement {
  const size = clusterSize(count);
  const disc = document.createElement('span');
  disc.className = `tl-cluster tl-shade-${clusterShade(count)}`;
  disc.style.width = `${size}px`;
  disc.style.height = `${size}px`;
  disc.style.lineHeight = `${size}px`;
  disc.textContent = String(count);
  return disc;
}

function documentElement(label: string): HTMLElement {
  const text = document.createElement('span');
  text.className = 'tl-doc-label';
  text.textContent = label;
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Documents carry their short label in `label`; clusters their number of documents in `count`. */
function template(item: unknown): HTMLElement | string {
  if (!isRecord(item)) return '';
  if (typeof item.count === 'number') return clusterElement(item.count);
  return documentElement(typeof item.label === 'string' ? item.label : '');
}

/**
 * `height` is the most the chart may take (what the viewport leaves, 400-700 px): the chart is as tall as its
 * stacked clusters need within 400 px and that, so a few clusters do not sit under an empty band.
 */
export function baseOptions(args: { height: number; locale: string }): TimelineOptions {
  return {
    // Axis and clusters at the top, under the zoom bar: what room the 400 px leave is below them, not above.
    orientation: { axis: 'top', item: 'top' },
    minHeight: HEIGHT_MIN_PX,
    maxHeight: Math.max(HEIGHT_MIN_PX, args.height),
    zoomMin: ZOOM_MIN_MS,
    zoomMax: ZOOM_MAX_MS,
    locale: args.locale,
    format: axisFormat(args.locale),
    type: 'point',
    stack: true,
    selectable: false,
    showCurrentTime: false,
    zoomKey: '',
    margin: { item: { horizontal: 4, vertical: 6 } },
    tooltip: { delay: TOOLTIP_DELAY_MS, followMouse: false, overflowMethod: 'cap' },
    // No `cluster`: its own clustering stays off (the default); clusters.ts makes them, given as items.
    template,
  };
}
