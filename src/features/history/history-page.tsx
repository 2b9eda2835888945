import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { DisputeSheet } from './dispute-sheet';
import type { HistoryFilters as Filters } from './filters';
import { activeFilterCount, NO_FILTERS } from './filters';
import { HistoryFilters } from './history-filters';
import { HistoryList } from './history-list';
import { useHistory } from './use-history';
import { useReports } from './use-reports';
import './history.css';

function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** `/datahistory/:patientId`: who accessed the patient's data, when and why (patients: their own). */
export function HistoryPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const patientId = parseId(useParams().patientId);
  const ownId = user && isPatientSide(user.userType) ? user.patientId : null;
  if (ownId !== null && patientId !== ownId) return <Navigate to={paths.datahistory(ownId)} replace />;
  if (patientId === null) return <Navigate to={paths.home()} replace />;
  return <HistoryScreen patientId={patientId} own={ownId !== null} canReport={user?.userType === 'PAT'} />;
}

function HistoryScreen(props: { patientId: number; own: boolean; canReport: boolean }): JSX.Element {
  const { patientId, own, canReport } = props;
  const { t } = useLingui();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [includeOwn, setIncludeOwn] = useState(false);
  const history = useHistory(patientId, filters, includeOwn);
  const { state } = history;
  const filtered = activeFilterCount(filters) > 0;
  const reports = useReports(canReport);

  return (
    <PageLayout
      title={own ? t`Chi ha consultato i miei dati` : t`Storico dei trattamenti`}
      help={{ controller: 'datahistory', action: 'index' }}
      backTo={paths.patientInfo(patientId)}
      refresher={<Refresher onRefresh={history.reload} />}
    >
      <HistoryFilters value={filters} options={history.options} onApply={setFilters} />
      <OwnAccessesSwitch checked={includeOwn} onChange={setIncludeOwn} />
      <LoadedView state={state} onRetry={history.reload}>
        {(page) => (
          <>
            {page.items.length === 0 && (
              <EmptyState
                title={
                  filtered ? (
                    <Trans>Nessun accesso con questi filtri</Trans>
                  ) : includeOwn ? (
                    <Trans>Nessun accesso registrato</Trans>
                  ) : (
                    <Trans>Nessun accesso da parte di altre persone</Trans>
                  )
                }
              />
            )}
            {page.items.length > 0 && (
              <>
                <p className="muted list-summary" aria-live="polite">
                  <Trans>{page.total} accessi</Trans>
                </p>
                <HistoryList
                  items={page.items}
                  disputes={reports.byAudit}
                  {...(canReport ? { onReport: reports.open } : {})}
                />
                {history.hasMore && (
                  <div className="list-more">
                    <IonButton fill="clear" onClick={() => void history.loadMore()}>
                      <Trans>Mostra altri accessi</Trans>
                    </IonButton>
                  </div>
                )}
              </>
            )}
          </>
        )}
      </LoadedView>
      {canReport && (
        <DisputeSheet item={reports.reporting} onClose={reports.close} onReport={reports.report} />
      )}
    </PageLayout>
  );
}

/** Off by default: one's own page views would bury the accesses of others. */
function OwnAccessesSwitch(props: { checked: boolean; onChange: (checked: boolean) => void }): JSX.Element {
  return (
    <label className="history-own-switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>
        <Trans>Mostra anche i miei accessi</Trans>
      </span>
    </label>
  );
}
