import { describe, expect, it } from 'vitest';
import type { ResultSeries, SeriesPoint } from '../../contract/results';
import { layoutChart, linePath, niceTicks, timeTicks } from './chart-scale';

const point = (effectiveAt: string, value: number, extra: Partial<SeriesPoint> = {}): SeriesPoint => ({
  source: 'hospital',
  id: value,
  value,
  secondValue: null,
  effectiveAt,
  flag: null,
  documentId: 1,
  ...extra,
});

const HBA1C: ResultSeries = {
  code: '59261-8',
  name: 'Emoglobina glicata (HbA1c)',
  unit: 'mmol/mol',
  referenceLow: 20,
  referenceHigh: 42,
  points: [
    point('2016-03-01T09:00:00.000Z', 56, { flag: 'high' }),
    point('2022-06-01T09:00:00.000Z', 75, { flag: 'high' }),
    point('2026-11-01T09:00:00.000Z', 50, { flag: 'high' }),
  ],
};

describe('the trend chart geometry', () => {
  it('takes round steps that hold every value', () => {
    expect(niceTicks(20, 75, 5)).toEqual([20, 40, 60, 80]);
    expect(niceTicks(4.1, 7.8, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(niceTicks(0.1, 0.3, 3)).toEqual([0.1, 0.2, 0.3]);
    expect(niceTicks(5, 5, 4).length).toBeGreaterThan(1);
  });

  it('marks years over a long span and months over a short one, thinned to fit', () => {
    const years = timeTicks(Date.parse('2016-01-15'), Date.parse('2026-12-01'), 4);
    expect(years.every((tick) => tick.unit === 'year')).toBe(true);
    expect(years.length).toBeLessThanOrEqual(4);
    expect(new Date(years[0]?.at ?? 0).getFullYear()).toBe(2017);
    const months = timeTicks(Date.parse('2026-03-10'), Date.parse('2026-07-20'), 10);
    expect(months.map((tick) => new Date(tick.at).getMonth())).toEqual([3, 4, 5, 6]);
  });

  it('draws the range as a band and the values inside the plot, oldest on the left', () => {
    const layout = layoutChart(HBA1C, { width: 360, height: 220 });
    const { plot, band, points } = layout;
    expect(band).not.toBeNull();
    // 20 is the axis' floor, 42 above it: the band ends at the bottom and is drawn upwards.
    expect(band?.bottom).toBeCloseTo(plot.bottom);
    expect(band && band.top < band.bottom).toBe(true);
    const xs = points.map((placed) => placed.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (const placed of points) {
      expect(placed.x).toBeGreaterThanOrEqual(plot.left);
      expect(placed.x).toBeLessThanOrEqual(plot.right);
      expect(placed.y).toBeGreaterThanOrEqual(plot.top);
      expect(placed.y).toBeLessThanOrEqual(plot.bottom);
    }
    // The highest value is the highest mark (smallest y).
    expect(Math.min(...points.map((placed) => placed.y))).toBe(points[1]?.y);
  });

  it("places a blood pressure's diastolic below its systolic, and one value mid-width", () => {
    const pressure: ResultSeries = {
      ...HBA1C,
      referenceLow: null,
      referenceHigh: null,
      points: [
        point('2026-12-01T08:00:00.000Z', 135, { source: 'patient', secondValue: 85, documentId: null }),
      ],
    };
    const layout = layoutChart(pressure, { width: 360, height: 220 });
    expect(layout.band).toBeNull();
    const [only] = layout.points;
    expect(only?.y2).toBeGreaterThan(only?.y ?? 0);
    expect(only?.x).toBeCloseTo((layout.plot.left + layout.plot.right) / 2, 0);
  });

  it('joins points with a path, none for a single point', () => {
    expect(linePath([{ x: 1, y: 2 }])).toBe('');
    expect(
      linePath([
        { x: 1, y: 2 },
        { x: 3.25, y: 4 },
      ]),
    ).toBe('M1.0 2.0 L3.3 4.0');
  });
});
