/**
 * The trend chart's geometry, apart from its drawing: the value axis (round steps that hold every value and
 * the reference range), the time axis (years, months or days, as many as fit the width), and where each
 * point, line and the range's band go. Pure, so it is tested without a browser.
 */
import dayjs from 'dayjs';
import type { ResultSeries, SeriesPoint } from '../../contract/results';

export interface ChartSize {
  width: number;
  height: number;
}

/** Room for the value labels on the left and the dates below. */
export const PLOT_MARGIN = { top: 12, right: 14, bottom: 30, left: 46 } as const;

/** Ticks at 1, 2 or 5 × 10^k covering [min, max], about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  const span = max - min || Math.abs(max) || 1;
  const rough = span / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const first = Math.floor(min / step) * step;
  const last = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals: 0.1 + 0.2 must print as 0.3.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let tick = first; tick <= last + step / 2; tick += step) ticks.push(Number(tick.toFixed(decimals)));
  if (ticks.length === 1) ticks.push(Number((first + step).toFixed(decimals)));
  return ticks;
}

export type TickUnit = 'year' | 'month' | 'day';
export interface TimeTick {
  at: number;
  unit: TickUnit;
}

/** Calendar ticks inside [start, end]: the coarsest unit that gives at least two, thinned to `maxCount`. */
export function timeTicks(start: number, end: number, maxCount: number): TimeTick[] {
  for (const unit of ['year', 'month', 'day'] as const) {
    const all: number[] = [];
    let at = dayjs(start).startOf(unit);
    if (at.valueOf() < start) at = at.add(1, unit);
    while (at.valueOf() <= end && all.length < 5000) {
      all.push(at.valueOf());
      at = at.add(1, unit);
    }
    if (all.length >= 2 || unit === 'day') {
      const every = Math.max(1, Math.ceil(all.length / Math.max(1, maxCount)));
      return all.filter((_, index) => index % every === 0).map((tick) => ({ at: tick, unit }));
    }
  }
  return [];
}

export interface PlacedPoint {
  point: SeriesPoint;
  x: number;
  y: number;
  /** The diastolic's place, for a blood pressure. */
  y2: number | null;
}

export interface ChartLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  yTicks: { value: number; y: number }[];
  xTicks: (TimeTick & { x: number })[];
  /** The reference range as a band (clipped to the plot); null without one. */
  band: { top: number; bottom: number } | null;
  points: PlacedPoint[];
}

const DAY_MS = 86_400_000;

export function layoutChart(series: ResultSeries, size: ChartSize): ChartLayout {
  const plot = {
    left: PLOT_MARGIN.left,
    top: PLOT_MARGIN.top,
    right: size.width - PLOT_MARGIN.right,
    bottom: size.height - PLOT_MARGIN.bottom,
  };
  const values = series.points.flatMap((point) =>
    point.secondValue === null ? [point.value] : [point.value, point.secondValue],
  );
  const bounds = [series.referenceLow, series.referenceHigh].filter((bound) => bound !== null);
  const all = [...values, ...bounds];
  const yTickValues = niceTicks(Math.min(...all), Math.max(...all), size.height < 220 ? 4 : 5);
  const yMin = yTickValues[0] ?? 0;
  const yMax = yTickValues.at(-1) ?? 1;
  const yOf = (value: number): number =>
    plot.bottom - ((value - yMin) / (yMax - yMin || 1)) * (plot.bottom - plot.top);

  const times = series.points.map((point) => Date.parse(point.effectiveAt));
  let start = Math.min(...times);
  let end = Math.max(...times);
  // One value, or all on one day: a month either side, so the point sits in the middle.
  if (end - start < DAY_MS) {
    start -= 30 * DAY_MS;
    end += 30 * DAY_MS;
  }
  const pad = (end - start) * 0.04;
  start -= pad;
  end += pad;
  const xOf = (time: number): number =>
    plot.left + ((time - start) / (end - start)) * (plot.right - plot.left);
  const maxTicks = Math.max(2, Math.floor((plot.right - plot.left) / 64));

  const clamp = (y: number): number => Math.min(plot.bottom, Math.max(plot.top, y));
  const low = series.referenceLow ?? yMin;
  const high = series.referenceHigh ?? yMax;
  return {
    plot,
    yTicks: yTickValues.map((value) => ({ value, y: yOf(value) })),
    xTicks: timeTicks(start, end, maxTicks).map((tick) => ({ ...tick, x: xOf(tick.at) })),
    band: bounds.length > 0 ? { top: clamp(yOf(high)), bottom: clamp(yOf(low)) } : null,
    points: series.points.map((point, index) => ({
      point,
      x: xOf(times[index] ?? start),
      y: yOf(point.value),
      y2: point.secondValue === null ? null : yOf(point.secondValue),
    })),
  };
}

/** An SVG path through the points in time order ("M x y L x y …"); empty for fewer than two. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  if (points.length < 2) return '';
  return points
    .map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`)
    .join(' ');
}
