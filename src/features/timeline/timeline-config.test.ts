import { describe, expect, it } from 'vitest';
import {
  CLUSTER_MAX_PX,
  clusteringEnabled,
  clusterShade,
  clusterSize,
  FIT_GAP_PX,
  fitWindow,
  focusWindow,
  HEIGHT_MAX_PX,
  HEIGHT_MIN_PX,
  scaleForSpan,
  timelineHeight,
  tooltipLines,
  ZOOM_MAX_MS,
  ZOOM_MIN_MS,
  zoomMaxFor,
  zoomWindow,
} from './timeline-config';
import { baseOptions } from './vis-options';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('timeline constants (spec section 9)', () => {
  it('zooms from one hour to 321,408,000,000 ms', () => {
    const options = baseOptions({ height: 500, locale: 'it' });
    expect(options.zoomMin).toBe(3_600_000);
    expect(options.zoomMax).toBe(321_408_000_000);
    expect(options.tooltip?.delay).toBe(700);
    expect(
      zoomWindow({ start: 0, end: HOUR }, 0.1).end - zoomWindow({ start: 0, end: HOUR }, 0.1).start,
    ).toBe(ZOOM_MIN_MS);
    const out = zoomWindow({ start: 0, end: ZOOM_MAX_MS }, 4);
    expect(out.end - out.start).toBe(ZOOM_MAX_MS);
  });

  it('keeps the height between 400 and 700 px', () => {
    expect(timelineHeight(500, 250)).toBe(HEIGHT_MIN_PX);
    expect(timelineHeight(844, 250)).toBe(594);
    expect(timelineHeight(1400, 250)).toBe(HEIGHT_MAX_PX);
  });

  it('fits the chart to its clusters within that height instead of a fixed one', () => {
    const options = baseOptions({ height: 594, locale: 'it' });
    expect(options.height).toBeUndefined();
    expect(options.minHeight).toBe(HEIGHT_MIN_PX);
    expect(options.maxHeight).toBe(594);
    expect(options.orientation).toEqual({ axis: 'top', item: 'top' });
  });

  it('sizes clusters 3*count+30 px and shades them by log(count) over 4 shades', () => {
    expect(clusterSize(2)).toBe(36);
    expect(clusterSize(10)).toBe(60);
    expect(clusterSize(20)).toBe(CLUSTER_MAX_PX);
    expect(clusterSize(5000)).toBe(CLUSTER_MAX_PX);
    expect([2, 9, 10, 99, 100, 999, 1000, 5000].map(clusterShade)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('shows physicians the type of a document they cannot read; others a not-readable text', () => {
    const locked = { viewable: false, documentType: { desc: 'Referto radiologico' }, title: 'RX torace' };
    expect(tooltipLines(locked, true)).toEqual(['Referto radiologico']);
    expect(tooltipLines(locked, false)).toBeNull();
    expect(tooltipLines({ ...locked, viewable: true }, false)).toEqual(['Referto radiologico', 'RX torace']);
  });

  it('names the scale after the visible span and stops clustering at minute scale', () => {
    expect(scaleForSpan(10 * 365 * DAY)).toBe('year');
    expect(scaleForSpan(200 * DAY)).toBe('month');
    expect(scaleForSpan(10 * DAY)).toBe('day');
    expect(scaleForSpan(12 * HOUR)).toBe('hour');
    expect(scaleForSpan(2 * HOUR)).toBe('minute');
    expect(clusteringEnabled('hour')).toBe(true);
    expect(clusteringEnabled('minute')).toBe(false);
  });

  it('fits a focused cluster with a 5% margin, never below the zoom minimum', () => {
    expect(focusWindow(1000 * DAY, 1100 * DAY)).toEqual({ start: 995 * DAY, end: 1105 * DAY });
    const single = focusWindow(5 * DAY, 5 * DAY);
    expect(single.end - single.start).toBe(ZOOM_MIN_MS);
    expect((single.start + single.end) / 2).toBe(5 * DAY);
  });

  it('fits the documents with room for the outermost clusters’ discs', () => {
    const first = 1000 * DAY;
    const last = 2000 * DAY;
    const width = 358;
    const window = fitWindow(first, last, width, 11);
    const msPerPx = (window.end - window.start) / width;
    const room = clusterSize(11) / 2 + FIT_GAP_PX;
    expect((first - window.start) / msPerPx).toBeCloseTo(room, 6);
    expect((window.end - last) / msPerPx).toBeCloseTo(room, 6);
    // Large dossiers: the disc is capped, so is the margin.
    const big = fitWindow(first, last, width, 5000);
    expect((first - big.start) / ((big.end - big.start) / width)).toBeCloseTo(
      CLUSTER_MAX_PX / 2 + FIT_GAP_PX,
      6,
    );
    // No width yet: 10% each side; one instant: the zoom minimum around it.
    expect(fitWindow(first, last, 0, 11)).toEqual({ start: first - 100 * DAY, end: last + 100 * DAY });
    // The zoom maximum leaves room for that window when the dossier is about ten years long.
    expect(zoomMaxFor(0, 1000 * DAY)).toBe(ZOOM_MAX_MS);
    const decade = fitWindow(0, ZOOM_MAX_MS, width, 70);
    expect(decade.end - decade.start).toBeLessThanOrEqual(zoomMaxFor(0, ZOOM_MAX_MS));
    const single = fitWindow(first, first, width, 1);
    expect(single.end - single.start).toBe(ZOOM_MIN_MS);
  });
});
