import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { PatientList } from '../../contract/patient';
import { paths } from '../../routing/paths';
import { PageLayout } from '../../ui/page-layout';
import { EmptyState, ErrorState, LoadingState } from '../../ui/state-views';
import type { MepiSearch } from './api';
import { saveFavorite, searchPatients } from './api';
import { withFavorite } from './favorites';
import { PatientRows } from './patient-rows';
import { SearchForm } from './search-form';
import './patients.css';

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; list: PatientList }
  | { status: 'error'; reason: MessageDescriptor | null };

/** `/patients/search` (staff): find a person by fiscal code, by name and birth date, or by identifier. */
export function PatientSearchPage(): JSX.Element {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ status: 'idle' });
  const [last, setLast] = useState<MepiSearch | null>(null);

  const run = async (search: MepiSearch): Promise<void> => {
    setLast(search);
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', list: await searchPatients(search) });
    } catch (error) {
      setState({ status: 'error', reason: failureMessage(error) });
    }
  };
  const star = async (patientId: number, favorite: boolean): Promise<void> => {
    const update = (flag: boolean): void =>
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              list: { ...current.list, patients: withFavorite(current.list.patients, patientId, flag) },
            }
          : current,
      );
    update(favorite);
    await saveFavorite(patientId, favorite).catch(() => update(!favorite));
  };

  return (
    <PageLayout
      title={t`Ricerca pazienti`}
      help={{ controller: 'patients', action: 'search' }}
      backTo={paths.patients()}
    >
      <SearchForm onSearch={(search) => void run(search)} />
      <section aria-live="polite" aria-label={t`Risultati della ricerca`}>
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && (
          <ErrorState reason={state.reason} onRetry={last ? () => void run(last) : undefined} />
        )}
        {state.status === 'ready' && state.list.patients.length === 0 && (
          <EmptyState title={<Trans>Nessun paziente trovato</Trans>}>
            <p>
              <Trans>Controlla i dati inseriti e riprova.</Trans>
            </p>
          </EmptyState>
        )}
        {state.status === 'ready' && state.list.patients.length > 0 && (
          <PatientRows
            patients={state.list.patients}
            label={t`Risultati della ricerca`}
            onStar={(patient) => void star(patient.mepiId, !patient.favorite)}
          />
        )}
      </section>
    </PageLayout>
  );
}
