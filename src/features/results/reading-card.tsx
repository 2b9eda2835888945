/** One of the patient's readings: what and when, its note, whether it was corrected; correct, delete, versions. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createOutline, timeOutline, trashOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useId } from 'react';
import type { Reading } from '../../contract/results';
import { useDateFormat } from '../../i18n/dates';
import '../../ui/record-card.css';
import { KIND_LABEL, readingValueText } from './reading-kinds';

export interface ReadingActions {
  onCorrect: (reading: Reading) => void;
  onDelete: (reading: Reading) => void;
  onHistory: (reading: Reading) => void;
}

export function ReadingCard({
  reading,
  busy,
  actions,
}: {
  reading: Reading;
  busy: boolean;
  actions: ReadingActions;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const { dateTime } = useDateFormat();
  const titleId = useId();
  const kind = i18n._(KIND_LABEL[reading.kind]);
  const value = readingValueText(reading.kind, reading, i18n.locale);
  const when = dateTime(reading.takenAt);
  const version = reading.version;
  return (
    <article className="record-card reading-card" aria-labelledby={titleId} data-testid="reading">
      <header className="record-card-header">
        <h2 id={titleId}>{kind}</h2>
        {value && <span className="reading-card-value">{value}</span>}
      </header>
      <p className="record-card-meta">
        <time dateTime={reading.takenAt}>{when}</time>
        {version > 1 && (
          <span>
            <Trans>Corretta (versione {version})</Trans>
          </span>
        )}
      </p>
      {reading.note && <p className="reading-card-note">{reading.note}</p>}
      <div className="reading-card-actions">
        {version > 1 && (
          <IonButton
            fill="clear"
            aria-label={t`Versioni di ${kind} del ${when}`}
            onClick={() => actions.onHistory(reading)}
          >
            <IonIcon slot="start" icon={timeOutline} aria-hidden="true" />
            <Trans>Versioni</Trans>
          </IonButton>
        )}
        {reading.editable && (
          <>
            <IonButton
              fill="outline"
              disabled={busy}
              aria-label={t`Correggi ${kind} del ${when}`}
              onClick={() => actions.onCorrect(reading)}
            >
              <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
              <Trans>Correggi</Trans>
            </IonButton>
            <IonButton
              fill="outline"
              color="danger"
              disabled={busy}
              aria-label={t`Elimina ${kind} del ${when}`}
              onClick={() => actions.onDelete(reading)}
            >
              <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
              <Trans>Elimina</Trans>
            </IonButton>
          </>
        )}
      </div>
    </article>
  );
}
