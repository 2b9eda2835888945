/**
 * One analyte's values over time as a small SVG: the reference range as a band, the hospital's values as
 * dots on a line (filled red when out of range), the patient's own readings as hollow diamonds on a dashed
 * line, a blood pressure's diastolic below its systolic. The chart is one image for assistive technology,
 * with a sentence for its name; the table beside it holds every value to reach one by one.
 */
import { useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import type { JSX } from 'react';
import { useId, useRef } from 'react';
import type { ResultSeries } from '../../contract/results';
import { useDateFormat } from '../../i18n/dates';
import { type ChartLayout, layoutChart, linePath, type PlacedPoint, type TickUnit } from './chart-scale';
import { formatNumber } from './reading-kinds';
import { useElementWidth } from './use-element-width';

function Marker({ placed, y }: { placed: PlacedPoint; y: number }): JSX.Element {
  const { point, x } = placed;
  if (point.source === 'patient')
    return (
      <path
        className="trend-mark trend-mark-patient"
        d={`M${x} ${y - 6} L${x + 6} ${y} L${x} ${y + 6} L${x - 6} ${y} Z`}
      />
    );
  const flagged = point.flag !== null ? ' trend-mark-flagged' : '';
  return <circle className={`trend-mark trend-mark-hospital${flagged}`} cx={x} cy={y} r={4.5} />;
}

function Lines({ layout }: { layout: ChartLayout }): JSX.Element {
  const of = (source: 'hospital' | 'patient', second: boolean) =>
    linePath(
      layout.points.flatMap((placed) => {
        if (placed.point.source !== source) return [];
        const y = second ? placed.y2 : placed.y;
        return y === null ? [] : [{ x: placed.x, y }];
      }),
    );
  return (
    <>
      <path className="trend-line trend-line-hospital" d={of('hospital', false)} />
      <path className="trend-line trend-line-patient" d={of('patient', false)} />
      <path className="trend-line trend-line-patient trend-line-second" d={of('patient', true)} />
    </>
  );
}

export function TrendChart({ series }: { series: ResultSeries }): JSX.Element {
  const { t, i18n } = useLingui();
  const { date } = useDateFormat();
  const frame = useRef<HTMLDivElement | null>(null);
  const width = useElementWidth(frame, 320);
  const height = width < 480 ? 220 : 280;
  const layout = layoutChart(series, { width, height });
  const titleId = useId();
  const tickLabel = (at: number, unit: TickUnit): string =>
    dayjs(at).format(
      unit === 'year' ? 'YYYY' : unit === 'month' ? 'MM/YY' : i18n.locale === 'en' ? 'MM/DD' : 'DD/MM',
    );
  const first = series.points[0];
  const last = series.points.at(-1);
  const count = series.points.length;
  const from = date(first?.effectiveAt);
  const to = date(last?.effectiveAt);
  const name = series.name;
  const { plot } = layout;
  return (
    <div className="trend-chart" ref={frame}>
      <svg width={width} height={height} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{t`Andamento di ${name}: ${count} valori dal ${from} al ${to}`}</title>
        {layout.band && (
          <rect
            className="trend-band"
            x={plot.left}
            y={layout.band.top}
            width={plot.right - plot.left}
            height={Math.max(0, layout.band.bottom - layout.band.top)}
          />
        )}
        {layout.yTicks.map((tick) => (
          <g key={tick.value}>
            <line className="trend-grid" x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
            <text className="trend-axis" x={plot.left - 6} y={tick.y + 4} textAnchor="end">
              {formatNumber(tick.value, i18n.locale)}
            </text>
          </g>
        ))}
        {layout.xTicks.map((tick) => (
          <text key={tick.at} className="trend-axis" x={tick.x} y={plot.bottom + 18} textAnchor="middle">
            {tickLabel(tick.at, tick.unit)}
          </text>
        ))}
        <line className="trend-baseline" x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        <Lines layout={layout} />
        {layout.points.map((placed) => (
          <g key={`${placed.point.source}-${placed.point.id}`}>
            <Marker placed={placed} y={placed.y} />
            {placed.y2 !== null && <Marker placed={placed} y={placed.y2} />}
          </g>
        ))}
      </svg>
    </div>
  );
}
