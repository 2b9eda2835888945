import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { chevronBack, chevronForward, star } from 'ionicons/icons';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../api/error-report';
import type { PatientList } from '../../contract/patient';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { IonBadge } from '../../ui/ionic/badge';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, ErrorState, LoadingState } from '../../ui/state-views';
import { fetchPatientPage } from './api';

type State =
  | { status: 'loading' }
  | { status: 'ready'; list: PatientList }
  | { status: 'error'; reason: MessageDescriptor | null };

function pageFrom(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** `/patients` (staff): every patient the user may see, a page at a time. */
export function PatientListPage(): JSX.Element {
  const { t } = useLingui();
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async (): Promise<void> => {
    try {
      setState({ status: 'ready', list: await fetchPatientPage(page) });
    } catch (error) {
      setState({ status: 'error', reason: failureMessage(error) });
    }
  }, [page]);

  useEffect(() => {
    setState({ status: 'loading' });
    void load();
  }, [load]);

  return (
    <PageLayout
      title={t`Pazienti`}
      help={{ controller: 'patients', action: 'list' }}
      refresher={<Refresher onRefresh={load} />}
    >
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState reason={state.reason} onRetry={() => void load()} />}
      {state.status === 'ready' && state.list.patients.length === 0 && (
        <EmptyState title={<Trans>Nessun paziente da mostrare</Trans>} />
      )}
      {state.status === 'ready' && state.list.patients.length > 0 && (
        <PatientRows list={state.list} page={page} />
      )}
    </PageLayout>
  );
}

function PatientRows({ list, page }: { list: PatientList; page: number }): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  return (
    <>
      <IonList inset aria-label={t`Elenco dei pazienti`}>
        {list.patients.map((patient) => (
          <IonItem key={patient.mepiId} routerLink={paths.patientInfo(patient.mepiId)} detail>
            <IonLabel>
              <h2>
                {patient.surname} {patient.name}
                {patient.favorite && (
                  <IonIcon icon={star} color="warning" className="inline-icon" aria-label={t`Preferito`} />
                )}
              </h2>
              <p>
                {patient.fiscalCode} · {format.date(patient.birthDate)}
              </p>
            </IonLabel>
            {!patient.positionStatus.alive && (
              <IonBadge slot="end" color="medium">
                <Trans>Deceduto/a</Trans>
              </IonBadge>
            )}
            {patient.positionStatus.merged && (
              <IonBadge slot="end" color="warning">
                <Trans>Unificato</Trans>
              </IonBadge>
            )}
          </IonItem>
        ))}
      </IonList>
      <Pager page={page} totalPages={list.paging.totalPage} totalCount={list.paging.totalCount} />
    </>
  );
}

function Pager({
  page,
  totalPages,
  totalCount,
}: {
  page: number;
  totalPages: number;
  totalCount: number;
}): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const pages = Math.max(totalPages, 1);
  return (
    <nav className="pager" aria-label={t`Pagine dell'elenco`}>
      <IonButton
        fill="clear"
        disabled={page <= 1}
        onClick={() => navigate(paths.patients(page - 1))}
        aria-label={t`Pagina precedente`}
      >
        <IonIcon slot="icon-only" icon={chevronBack} aria-hidden="true" />
      </IonButton>
      <IonNote aria-live="polite">
        <Trans>
          Pagina {page} di {pages} · {totalCount} pazienti
        </Trans>
      </IonNote>
      <IonButton
        fill="clear"
        disabled={page >= pages}
        onClick={() => navigate(paths.patients(page + 1))}
        aria-label={t`Pagina successiva`}
      >
        <IonIcon slot="icon-only" icon={chevronForward} aria-hidden="true" />
      </IonButton>
    </nav>
  );
}
