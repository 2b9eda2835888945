import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { PatientList } from '../../contract/patient';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { EmptyState } from '../../ui/state-views';
import type { MepiSearch } from './api';
import { saveFavorite, searchPatients } from './api';
import { withFavorite } from './favorites';
import { PatientRows } from './patient-rows';
import { SearchForm } from './search-form';
import './patients.css';

/** `/patients/search` (staff): find a person by fiscal code, by name and birth date, or by identifier. */
export function PatientSearchPage(): JSX.Element {
  const { t } = useLingui();
  // Nothing is shown before the first search; every search (a new object) loads again.
  const [last, setLast] = useState<MepiSearch | null>(null);
  const load = useCallback((): Promise<PatientList> => {
    if (!last) throw new Error('no search yet'); // not called: the loader waits while disabled
    return searchPatients(last);
  }, [last]);
  const { state: loaded, reload, update } = useLoader(load, { enabled: last !== null });
  const state = last === null ? null : loaded;

  const star = async (patientId: number, favorite: boolean): Promise<void> => {
    const mark = (flag: boolean): void =>
      update((list) => ({ ...list, patients: withFavorite(list.patients, patientId, flag) }));
    mark(favorite);
    await saveFavorite(patientId, favorite).catch(() => mark(!favorite));
  };

  return (
    <PageLayout
      title={t`Ricerca pazienti`}
      help={{ controller: 'patients', action: 'search' }}
      backTo={paths.patients()}
    >
      <SearchForm onSearch={setLast} />
      <section aria-live="polite" aria-label={t`Risultati della ricerca`}>
        {state && (
          <LoadedView state={state} onRetry={reload}>
            {({ patients }) => (
              <>
                {patients.length === 0 && (
                  <EmptyState title={<Trans>Nessun paziente trovato</Trans>}>
                    <p>
                      <Trans>Controlla i dati inseriti e riprova.</Trans>
                    </p>
                  </EmptyState>
                )}
                {patients.length > 0 && (
                  <PatientRows
                    patients={patients}
                    label={t`Risultati della ricerca`}
                    onStar={(patient) => void star(patient.mepiId, !patient.favorite)}
                  />
                )}
              </>
            )}
          </LoadedView>
        )}
      </section>
    </PageLayout>
  );
}
