import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { banOutline, checkmarkCircleOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { Dispute, DisputeState } from '../../contract/disputes';
import type { TreatmentHistoryItem } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { IonBadge } from '../../ui/ionic/badge';

const STATE_LABEL: Record<DisputeState, MessageDescriptor> = {
  OPEN: msg`Segnalato · in esame`,
  JUSTIFIED: msg`Segnalato · accesso giustificato`,
  VIOLATION: msg`Segnalato · violazione accertata`,
};
const STATE_COLOR: Record<DisputeState, string> = {
  OPEN: 'warning',
  JUSTIFIED: 'medium',
  VIOLATION: 'danger',
};

/**
 * Every access: when (DD/MM/YYYY HH:mm), who with which title, what, and whether it was refused. For the
 * patient (`onReport`), an access by someone else can be reported; a reported one shows its state and,
 * once closed, the privacy officer's answer.
 */
export function HistoryList({
  items,
  disputes,
  onReport,
}: {
  items: readonly TreatmentHistoryItem[];
  disputes?: ReadonlyMap<number, Dispute>;
  onReport?: (item: TreatmentHistoryItem) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  return (
    <IonList inset aria-label={t`Accessi ai dati`} className="history-list">
      {items.map((item) => {
        const denied = item.outcome === 'DENIED';
        const dispute = disputes?.get(item.id);
        // The privacy officer's work on a report is the answer to it, not an access to dispute again.
        const reportable =
          onReport !== undefined &&
          item.accessTitle !== 'SELF' &&
          !item.treatmentType.startsWith('DISPUTE_') &&
          !dispute;
        return (
          <IonItem key={item.id} lines="full" className={denied ? 'history-denied' : undefined}>
            <IonIcon
              slot="start"
              icon={denied ? banOutline : checkmarkCircleOutline}
              color={denied ? 'danger' : 'success'}
              aria-hidden="true"
            />
            <IonLabel className="ion-text-wrap">
              <p className="history-when">{format.dateTime(item.dateTime)}</p>
              <h2>{item.user}</h2>
              <p>
                {item.treatmentDesc}
                {item.documentType && <> · {item.documentType.desc}</>}
              </p>
              {dispute && (
                <div className="history-dispute">
                  <IonBadge color={STATE_COLOR[dispute.state]} className="history-badge">
                    {i18n._(STATE_LABEL[dispute.state])}
                  </IonBadge>
                  {dispute.answer && (
                    <p className="history-answer">
                      <strong>
                        <Trans>Risposta del responsabile privacy:</Trans>
                      </strong>{' '}
                      {dispute.answer}
                    </p>
                  )}
                </div>
              )}
              {reportable && (
                <IonButton
                  fill="outline"
                  size="small"
                  className="history-report"
                  onClick={() => onReport(item)}
                >
                  <Trans>Non riconosco questo accesso</Trans>
                </IonButton>
              )}
            </IonLabel>
            {denied && (
              <IonBadge slot="end" color="danger">
                <Trans>Rifiutato</Trans>
              </IonBadge>
            )}
          </IonItem>
        );
      })}
    </IonList>
  );
}
