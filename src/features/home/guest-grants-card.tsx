/** A guest's home: whose documents they see, as what, until when and with which rights. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect } from 'react';
import { useLoader } from '../../api/use-loader';
import type { GuestGrant } from '../../contract/guests';
import { useDateFormat } from '../../i18n/dates';
import { IonCardContent, IonCardHeader, IonCardSubtitle, IonCardTitle } from '../../ui/ionic/card';
import { IonCard } from '../../ui/ionic/navigation';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { fetchGuestGrants } from './api';

const RIGHT_TEXT = {
  dossier: msg`tutto il dossier, tranne i documenti oscurati`,
  download: msg`scaricare i documenti`,
  chat: msg`chat`,
  messaging: msg`messaggi`,
  project: msg`progetti di cura`,
} as const;

export function GuestGrantsCard({ reloadKey }: { reloadKey: number }): JSX.Element {
  const { state, reload } = useLoader(fetchGuestGrants);
  // Pull to refresh on the home bumps the key: the grants are asked again, the cards stay meanwhile.
  useEffect(() => {
    if (reloadKey > 0) void reload();
  }, [reloadKey, reload]);
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState />;
  return (
    <>
      {state.value.map((grant) => (
        <GrantCard key={grant.patientId} grant={grant} />
      ))}
    </>
  );
}

function GrantCard({ grant }: { grant: GuestGrant }): JSX.Element {
  const { i18n } = useLingui();
  const { date } = useDateFormat();
  const patient = grant.patientName;
  const deadline = date(grant.deadline);
  const shared = grant.sharedDocuments;
  const rights = grant.rights.map((right) => i18n._(RIGHT_TEXT[right])).join(', ');
  return (
    <IonCard className="summary-card" aria-labelledby={`grant-${grant.patientId}`}>
      <IonCardHeader>
        <IonCardTitle id={`grant-${grant.patientId}`}>
          <Trans>Vedi i documenti di {patient}</Trans>
        </IonCardTitle>
        <IonCardSubtitle>
          <Trans>
            {grant.accessTitle.desc}, fino al {deadline} compreso.
          </Trans>
        </IonCardSubtitle>
      </IonCardHeader>
      <IonCardContent>
        <p>
          {shared === 1 ? (
            <Trans>1 documento condiviso con te.</Trans>
          ) : (
            <Trans>{shared} documenti condivisi con te.</Trans>
          )}
        </p>
        {rights && (
          <p>
            <Trans>Puoi anche: {rights}.</Trans>
          </p>
        )}
      </IonCardContent>
    </IonCard>
  );
}
