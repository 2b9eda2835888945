/**
 * Every value of the trend, newest first: date, value with its unit, out of range or not, and where it comes
 * from: the hospital's report (a link that opens it in the document viewer) or the patient's own reading.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import type { JSX } from 'react';
import { Link } from 'react-router-dom';
import type { ResultFlag, ResultSeries, SeriesPoint } from '../../contract/results';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { enteredBy, seriesValueText } from './reading-kinds';

const FLAG: Record<Exclude<ResultFlag, null>, { mark: string; label: MessageDescriptor }> = {
  high: { mark: '↑', label: msg`Alto` },
  low: { mark: '↓', label: msg`Basso` },
};

export function FlagMark({ flag }: { flag: ResultFlag }): JSX.Element | null {
  const { i18n } = useLingui();
  if (flag === null) return null;
  return (
    <span className={`result-flag result-flag-${flag}`}>
      <span aria-hidden="true">{FLAG[flag].mark}</span> {i18n._(FLAG[flag].label)}
    </span>
  );
}

function Source({ point, own, name }: { point: SeriesPoint; own: boolean; name: string }): JSX.Element {
  const { t, i18n } = useLingui();
  const { date } = useDateFormat();
  if (point.source === 'patient') return <span className="result-own">{i18n._(enteredBy(own))}</span>;
  if (point.documentId === null) return <Trans>Ospedale</Trans>;
  const day = date(point.effectiveAt);
  return (
    <Link
      className="trend-report-link"
      to={paths.documentViewer(point.documentId)}
      aria-label={t`Apri il referto del ${day}`}
      state={{ title: name }}
    >
      <Trans>Referto</Trans>
    </Link>
  );
}

export function TrendTable({ series, own }: { series: ResultSeries; own: boolean }): JSX.Element {
  const { t, i18n } = useLingui();
  const { date } = useDateFormat();
  const time = (value: string): string => dayjs(value).format('HH:mm');
  const rows = [...series.points].reverse();
  const ranged = series.referenceLow !== null || series.referenceHigh !== null;
  return (
    <div className="trend-table-frame">
      <table className="trend-table">
        <caption>
          <Trans>Tutti i valori, dal più recente</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Data</Trans>
            </th>
            <th scope="col">
              <Trans>Valore</Trans>
              {series.unit && <span className="trend-unit">{series.unit}</span>}
            </th>
            <th scope="col">{t({ message: 'Esito', context: 'rispetto all’intervallo di riferimento' })}</th>
            <th scope="col">
              <Trans>Fonte</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((point) => (
            <tr
              key={`${point.source}-${point.id}`}
              className={point.source === 'patient' ? 'trend-row-own' : undefined}
            >
              <td>
                {date(point.effectiveAt)}
                {/* A reading's hour matters (several a day); a report's day is its date. */}
                {point.source === 'patient' && <span className="trend-time">{time(point.effectiveAt)}</span>}
              </td>
              {/* The unit heads the column: the cells stay narrow enough for a 360 px phone. */}
              <td className="trend-value">
                {seriesValueText(point.value, point.secondValue, '', i18n.locale)}
              </td>
              <td>
                {point.flag ? (
                  <FlagMark flag={point.flag} />
                ) : ranged && point.source === 'hospital' ? (
                  <Trans>Nella norma</Trans>
                ) : (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">
                      <Trans>Non valutato</Trans>
                    </span>
                  </>
                )}
              </td>
              <td>
                <Source point={point} own={own} name={series.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
