/** What the chart's marks mean, in words: the band, the hospital's dots, the patient's diamonds. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { ResultSeries } from '../../contract/results';
import { enteredBy, formatNumber } from './reading-kinds';

function Swatch({ kind }: { kind: 'band' | 'hospital' | 'patient' }): JSX.Element {
  return (
    <svg className="trend-swatch" width="18" height="14" aria-hidden="true">
      {kind === 'band' && <rect className="trend-band" x="0" y="1" width="18" height="12" />}
      {kind === 'hospital' && <circle className="trend-mark trend-mark-hospital" cx="9" cy="7" r="4.5" />}
      {kind === 'patient' && <path className="trend-mark trend-mark-patient" d="M9 1 L15 7 L9 13 L3 7 Z" />}
    </svg>
  );
}

export function TrendLegend({ series, own }: { series: ResultSeries; own: boolean }): JSX.Element {
  const { i18n } = useLingui();
  const hasHospital = series.points.some((point) => point.source === 'hospital');
  const hasPatient = series.points.some((point) => point.source === 'patient');
  const number = (value: number | null): string => (value === null ? '…' : formatNumber(value, i18n.locale));
  const range = `${number(series.referenceLow)}–${number(series.referenceHigh)} ${series.unit}`.trim();
  const pressure = series.points.some((point) => point.secondValue !== null);
  return (
    <ul className="trend-legend">
      {(series.referenceLow !== null || series.referenceHigh !== null) && (
        <li>
          <Swatch kind="band" />
          <Trans>Intervallo di riferimento: {range}</Trans>
        </li>
      )}
      {hasHospital && (
        <li>
          <Swatch kind="hospital" />
          <Trans>Referto dell'ospedale (in rosso se fuori intervallo)</Trans>
        </li>
      )}
      {hasPatient && (
        <li>
          <Swatch kind="patient" />
          {i18n._(enteredBy(own))}
        </li>
      )}
      {pressure && (
        <li className="trend-legend-note">
          <Trans>Per la pressione: sopra la massima, sotto la minima.</Trans>
        </li>
      )}
    </ul>
  );
}
