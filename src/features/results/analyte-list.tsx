/**
 * The results list: the hospital's analytes (by name, as the server sorts them), then the kinds of the
 * patient's own readings, each marked as entered by the patient. Every row opens its trend.
 */
import { IonItem, IonLabel, IonList } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { AnalyteSummary } from '../../contract/results';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { enteredBy, seriesValueText } from './reading-kinds';
import { FlagMark } from './trend-table';

function AnalyteRow({
  analyte,
  patientId,
  staff,
  own,
}: {
  analyte: AnalyteSummary;
  patientId: number;
  staff: boolean;
  own: boolean;
}): JSX.Element {
  const { i18n } = useLingui();
  const { date } = useDateFormat();
  const value = seriesValueText(analyte.value, analyte.secondValue, analyte.unit, i18n.locale);
  const count = analyte.count;
  return (
    <IonItem
      routerLink={paths.resultTrend(analyte.code, staff ? patientId : undefined)}
      detail
      className="analyte-row"
      data-code={analyte.code}
    >
      <IonLabel>
        <h3 className="analyte-name">{analyte.name}</h3>
        <p className="analyte-value">
          <span className="analyte-number">{value}</span>
          <FlagMark flag={analyte.flag} />
          {analyte.source === 'patient' && (
            <span className="tone-chip tone-medium">{i18n._(enteredBy(own))}</span>
          )}
        </p>
        <p className="analyte-meta">
          <span>{date(analyte.effectiveAt)}</span>
          <span>{count === 1 ? <Trans>1 valore</Trans> : <Trans>{count} valori</Trans>}</span>
        </p>
      </IonLabel>
    </IonItem>
  );
}

/** More hospital analytes than fit a phone's screen before the readings. */
const JUMP_AFTER = 6;

export function AnalyteList({
  analytes,
  patientId,
  staff,
  own,
}: {
  analytes: readonly AnalyteSummary[];
  patientId: number;
  staff: boolean;
  own: boolean;
}): JSX.Element {
  const hospital = analytes.filter((analyte) => analyte.source === 'hospital');
  const readings = analytes.filter((analyte) => analyte.source === 'patient');
  const row = (analyte: AnalyteSummary) => (
    <AnalyteRow
      key={`${analyte.source}-${analyte.code}`}
      analyte={analyte}
      patientId={patientId}
      staff={staff}
      own={own}
    />
  );
  // A long hospital list would hide the readings below it: a link goes straight to them.
  const jump = hospital.length > JUMP_AFTER && readings.length > 0;
  return (
    <>
      {jump && (
        <button
          type="button"
          className="results-jump"
          onClick={() => {
            const heading = document.getElementById('results-own');
            heading?.scrollIntoView({ block: 'start' });
            heading?.focus();
          }}
        >
          {own ? (
            <Trans>Vai alle misurazioni inserite da te ({readings.length})</Trans>
          ) : (
            <Trans>Vai alle misurazioni inserite dal paziente ({readings.length})</Trans>
          )}
        </button>
      )}
      {hospital.length > 0 && (
        <section className="results-section" aria-labelledby="results-lab">
          <h2 id="results-lab">
            <Trans>Esami di laboratorio</Trans>
          </h2>
          <IonList lines="full">{hospital.map(row)}</IonList>
        </section>
      )}
      {readings.length > 0 && (
        <section className="results-section" aria-labelledby="results-own">
          <h2 id="results-own" tabIndex={-1}>
            {own ? (
              <Trans>Misurazioni inserite da te</Trans>
            ) : (
              <Trans>Misurazioni inserite dal paziente</Trans>
            )}
          </h2>
          <IonList lines="full">{readings.map(row)}</IonList>
        </section>
      )}
    </>
  );
}
