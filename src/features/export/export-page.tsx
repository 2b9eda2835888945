/**
 * `/export`, "Scarica il mio fascicolo": the patient (or a guest whose grant allows downloads) prepares the
 * whole record as one zip, follows its preparation (live topic `exports`, and a poll while it runs), then
 * downloads or deletes it. Staff have no such screen: they go home.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { Navigate } from 'react-router-dom';
import { exportsKey, fetchExports } from '../../api/exports';
import { useLoader } from '../../api/use-loader';
import type { ExportList } from '../../contract/export';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { useMayDownload } from '../../session/use-guest-may-download';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { LoadingState } from '../../ui/state-views';
import { ExportContents } from './export-contents';
import { ExportReady } from './export-ready';
import { ExportStatus } from './export-status';
import { isWorking, viewOf } from './export-view';
import { useExportActions } from './use-export-actions';
import { usePollWhile } from './use-poll-while';
import '../../ui/record-card.css';
import './export.css';

const TOPICS = ['exports'] as const;

export function ExportPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const patientSide = user !== null && isPatientSide(user.userType);
  const patientId = patientSide ? user.patientId : null;
  const mayDownload = useMayDownload(user?.userType ?? null, patientId);
  if (user && (!patientSide || patientId === null)) return <Navigate to={paths.home()} replace />;
  const guest = user?.userType === 'GUE';
  const title = guest ? t`Scarica il fascicolo` : t`Scarica il mio fascicolo`;
  if (patientId === null || mayDownload !== true)
    return (
      <PageLayout title={title}>
        {mayDownload === false ? (
          <p className="export-hint">
            <Trans>Per scaricare il fascicolo serve il permesso di scaricare i documenti.</Trans>
          </p>
        ) : (
          <LoadingState />
        )}
      </PageLayout>
    );
  return <ExportScreen patientId={patientId} title={title} guest={guest} />;
}

function ExportScreen({
  patientId,
  title,
  guest,
}: {
  patientId: number;
  title: string;
  guest: boolean;
}): JSX.Element {
  const load = useCallback((): Promise<ExportList> => fetchExports(patientId), [patientId]);
  const { state, reload, update } = useLoader(load, {
    key: exportsKey(patientId),
    keepOnError: true,
    refreshOnReturn: true,
    liveTopics: TOPICS,
  });
  usePollWhile(state.status === 'ready' && isWorking(state.value), reload);
  const actions = useExportActions(patientId, update, reload);
  const busyOf = (id: number): 'download' | 'delete' | null =>
    actions.busy?.id === id ? actions.busy.doing : null;
  return (
    <PageLayout title={title} refresher={<Refresher onRefresh={reload} />}>
      <div className="export-page">
        <p className="export-intro">
          {guest ? (
            <Trans>Un archivio zip con tutto il fascicolo, da conservare o da portare a un medico.</Trans>
          ) : (
            <Trans>Un archivio zip con tutto il tuo fascicolo, da conservare o da portare a un medico.</Trans>
          )}
        </p>
        <LoadedView state={state} onRetry={() => void reload()} staleNotice>
          {(list) => {
            const { main, older } = viewOf(list);
            return (
              <>
                <ExportStatus
                  view={main}
                  preparing={actions.preparing}
                  busy={main.kind === 'ready' ? busyOf(main.job.id) : null}
                  onPrepare={() => void actions.prepare()}
                  onDownload={(job) => void actions.download(job)}
                  onDelete={(job) => void actions.remove(job)}
                />
                {older.length > 0 && (
                  <section className="export-older" aria-labelledby="export-older-title">
                    <h2 id="export-older-title">
                      <Trans>Archivi precedenti</Trans>
                    </h2>
                    {older.map((job) => (
                      <ExportReady
                        key={job.id}
                        job={job}
                        older
                        busy={busyOf(job.id)}
                        onDownload={(row) => void actions.download(row)}
                        onDelete={(row) => void actions.remove(row)}
                      />
                    ))}
                  </section>
                )}
              </>
            );
          }}
        </LoadedView>
        <ExportContents />
      </div>
    </PageLayout>
  );
}
