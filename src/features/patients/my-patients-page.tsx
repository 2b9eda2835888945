import { IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { star } from 'ionicons/icons';
import type { JSX } from 'react';
import { useState } from 'react';
import type { PatientSummary } from '../../contract/patient';
import { IonToast } from '../../ui/ionic/overlays';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { TOAST_ANCHOR_ID } from '../../ui/toasts';
import { PatientRows } from './patient-rows';
import { usePatientList } from './use-patient-list';
import './patients.css';

const FAVORITES = { favorites: true } as const;
const UNDO_MS = 6000;

interface Removed {
  patient: PatientSummary;
  restore: () => Promise<void>;
}

/** `/myPatients` (staff): the user's favourites; one tap on the star removes, the toast undoes. */
export function MyPatientsPage(): JSX.Element {
  const { t } = useLingui();
  const list = usePatientList(FAVORITES);
  const { state } = list;
  const [removed, setRemoved] = useState<Removed | null>(null);

  const remove = async (patient: PatientSummary): Promise<void> => {
    const result = await list.removeFavorite(patient);
    if (result.ok) setRemoved({ patient, restore: result.restore });
  };
  const name = removed ? `${removed.patient.surname} ${removed.patient.name}` : '';

  return (
    <PageLayout
      title={t`I miei pazienti`}
      help={{ controller: 'patients', action: 'favorites' }}
      refresher={<Refresher onRefresh={list.reload} />}
    >
      <LoadedView state={state} onRetry={list.reload}>
        {(page) => (
          <>
            {page.items.length === 0 && (
              <EmptyState title={<Trans>Nessun paziente preferito</Trans>}>
                <p>
                  <Trans>
                    Tocca la stella <IonIcon icon={star} color="warning" aria-hidden="true" /> accanto a un
                    paziente nell'elenco dei pazienti per ritrovarlo qui.
                  </Trans>
                </p>
              </EmptyState>
            )}
            {page.items.length > 0 && (
              <PatientRows
                patients={page.items}
                label={t`Pazienti preferiti`}
                onStar={(patient) => void remove(patient)}
                hasMore={list.hasMore}
                loadingMore={list.loadingMore}
                onMore={() => void list.loadMore()}
              />
            )}
          </>
        )}
      </LoadedView>
      <IonToast
        isOpen={removed !== null}
        message={t`${name} tolto dai preferiti`}
        duration={UNDO_MS}
        position="bottom"
        positionAnchor={TOAST_ANCHOR_ID}
        buttons={[
          {
            text: t`Annulla`,
            role: 'cancel',
            handler: () => void removed?.restore(),
          },
        ]}
        onDidDismiss={() => setRemoved(null)}
      />
    </PageLayout>
  );
}
