import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { searchOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useState } from 'react';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { useDebounced } from '../../ui/use-debounced';
import type { NameFilters } from './list-filters';
import { ListFilters, NO_NAME_FILTERS } from './list-filters';
import { ParticipationFilter, type ProjectFilterValue } from './participation-filter';
import { PatientRows } from './patient-rows';
import { usePatientList } from './use-patient-list';
import './patients.css';

/** `/patients` (staff): every patient the user may see, filtered as they type, growing on scroll. */
export function PatientListPage(): JSX.Element {
  const { t } = useLingui();
  const [typed, setTyped] = useState<NameFilters>(NO_NAME_FILTERS);
  const [byProject, setByProject] = useState<ProjectFilterValue>({});
  const filters = useDebounced(typed);
  const list = usePatientList({ ...filters, ...byProject });
  const { state } = list;

  return (
    <PageLayout
      title={t`Pazienti`}
      help={{ controller: 'patients', action: 'list' }}
      refresher={<Refresher onRefresh={list.reload} />}
      actions={
        <IonButton routerLink={paths.patientSearch()} aria-label={t`Ricerca avanzata`}>
          <IonIcon slot="icon-only" icon={searchOutline} aria-hidden="true" />
        </IonButton>
      }
    >
      <ListFilters value={typed} onChange={setTyped} />
      <ParticipationFilter value={byProject} onChange={setByProject} />
      <LoadedView state={state} onRetry={list.reload}>
        {(page) => (
          <>
            {page.items.length === 0 && <EmptyState title={<Trans>Nessun paziente da mostrare</Trans>} />}
            {page.items.length > 0 && (
              <>
                <p className="muted list-summary" aria-live="polite">
                  <Trans>{page.total} pazienti</Trans>
                </p>
                <PatientRows
                  patients={page.items}
                  label={t`Elenco dei pazienti`}
                  onStar={(patient) => void list.setFavorite(patient, !patient.favorite)}
                  hasMore={list.hasMore}
                  loadingMore={list.loadingMore}
                  onMore={() => void list.loadMore()}
                />
              </>
            )}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
