import { IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { banOutline, checkmarkCircleOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { TreatmentHistoryItem } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { IonBadge } from '../../ui/ionic/badge';

/** Every access: when (DD/MM/YYYY HH:mm), who with which title, what, and whether it was refused. */
export function HistoryList({ items }: { items: readonly TreatmentHistoryItem[] }): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  return (
    <IonList inset aria-label={t`Accessi ai dati`} className="history-list">
      {items.map((item) => {
        const denied = item.outcome === 'DENIED';
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
