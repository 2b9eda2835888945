/** `/archiverequest/:patientId`: the patient's requests, newest first, with cancel and delete. */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { DocumentRequest } from '../../contract/document-requests';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { ARCHIVE_PAGE_SIZE, cancelRequest, deleteRequest, fetchArchive } from './api';
import { ArchiveItem } from './archive-item';
import { RequestAccess } from './request-access';
import './document-requests.css';

export function ArchiveRequestPage(): JSX.Element {
  const { t } = useLingui();
  return (
    <RequestAccess title={t`Richieste di copie`} target={paths.archiveRequest}>
      {({ patientId }) => <Archive patientId={patientId} />}
    </RequestAccess>
  );
}

function Archive({ patientId }: { patientId: number }): JSX.Element {
  const { t } = useLingui();
  // Staff come from the patient's page and go back to it; the patient from the request screens.
  const own = useAtomValue(currentUserAtom)?.userType === 'PAT';
  const [pages, setPages] = useState(1);
  const load = useCallback(async () => {
    const replies = await Promise.all(
      Array.from({ length: pages }, (_, index) => fetchArchive(patientId, index * ARCHIVE_PAGE_SIZE)),
    );
    return {
      requests: replies.flatMap((reply) => reply.documents),
      total: replies[0]?.paging.totalCount ?? 0,
    };
  }, [patientId, pages]);
  const { state, reload } = useLoader(load, { refreshOnReturn: true });

  const act = async (request: DocumentRequest, action: 'cancel' | 'delete'): Promise<void> => {
    const yes = await confirm(
      action === 'cancel'
        ? {
            header: msg`Annullare la richiesta?`,
            message: msg`La richiesta n. ${request.id} non sarà più lavorata.`,
            confirmLabel: msg`Annulla richiesta`,
          }
        : {
            header: msg`Eliminare la richiesta?`,
            message: msg`La richiesta n. ${request.id} sparirà da questo elenco.`,
            confirmLabel: msg`Elimina`,
            destructive: true,
          },
    );
    if (!yes) return;
    try {
      if (action === 'cancel') await cancelRequest(request.id);
      else await deleteRequest(request.id);
      showToast('success', action === 'cancel' ? msg`Richiesta annullata.` : msg`Richiesta eliminata.`);
    } catch {
      // the error toast says why; the list is reloaded to show the current state
    }
    await reload();
  };

  return (
    <PageLayout
      title={own ? t`Le mie richieste` : t`Richieste di copie`}
      backTo={own ? paths.documentRequest(patientId) : paths.patientInfo(patientId)}
      refresher={<Refresher onRefresh={reload} />}
      className="request-page"
    >
      <nav className="request-links" aria-label={t`Nuova richiesta`}>
        <IonButton size="small" fill="outline" routerLink={paths.documentRequest(patientId)}>
          <Trans>Copia di referti</Trans>
        </IonButton>
        <IonButton size="small" fill="outline" routerLink={paths.clinicalRequest(patientId)}>
          <Trans>Copia di cartella clinica</Trans>
        </IonButton>
      </nav>
      <LoadedView state={state} onRetry={reload}>
        {(archive) => (
          <>
            {archive.requests.length === 0 && (
              <EmptyState title={<Trans>Nessuna richiesta</Trans>}>
                <p>
                  <Trans>Le richieste di copie che invii compariranno qui, con il loro stato.</Trans>
                </p>
              </EmptyState>
            )}
            {archive.requests.length > 0 && (
              <>
                <ul className="archive-list" aria-label={t`Richieste`}>
                  {archive.requests.map((request) => (
                    <ArchiveItem
                      key={request.id}
                      request={request}
                      onCancel={() => void act(request, 'cancel')}
                      onDelete={() => void act(request, 'delete')}
                    />
                  ))}
                </ul>
                {archive.requests.length < archive.total && (
                  <IonButton expand="block" fill="clear" onClick={() => setPages(pages + 1)}>
                    <Trans>Mostra altre richieste</Trans>
                  </IonButton>
                )}
              </>
            )}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
