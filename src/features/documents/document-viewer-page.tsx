/**
 * `/documents/:documentId`: a document in full screen, every page drawn by pdf.js, with zoom, page counter,
 * download and print (staff accept the extraction notice first).
 */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { downloadOutline, printOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentPatientAtom, currentUserAtom } from '../../session/session-atoms';
import { useMayDownload } from '../../session/use-guest-may-download';
import { PageLayout } from '../../ui/page-layout';
import { EmptyState } from '../../ui/state-views';
import { DocumentViewer } from './document-viewer';
import { downloadWithAcceptance, printWithAcceptance } from './extraction';
import './documents.css';

function titleFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('title' in state)) return null;
  return typeof state.title === 'string' ? state.title : null;
}

export function DocumentViewerPage(): JSX.Element {
  const { t } = useLingui();
  const raw = useParams().documentId;
  const documentId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const documentTitle = titleFrom(useLocation().state);
  const title = documentTitle ?? t`Documento`;
  const user = useAtomValue(currentUserAtom);
  const patient = useAtomValue(currentPatientAtom);
  const [busy, setBusy] = useState(false);
  // A guest without the download right reads the document here but gets no download or print.
  const mayDownload = useMayDownload(user?.userType ?? null, patient?.patientId ?? null);
  const back =
    user && !isPatientSide(user.userType) && patient
      ? paths.patientDossier(patient.patientId)
      : paths.dossier();

  const run = async (
    action: (id: number, userType: NonNullable<typeof user>['userType']) => Promise<void>,
  ) => {
    if (documentId === null || !user) return;
    setBusy(true);
    await action(documentId, user.userType).catch(() => undefined);
    setBusy(false);
  };

  const actions = documentId !== null && mayDownload === true && (
    <>
      <IonButton
        disabled={busy}
        onClick={() => void run(downloadWithAcceptance)}
        aria-label={t`Scarica il PDF`}
      >
        <IonIcon slot="icon-only" icon={downloadOutline} aria-hidden="true" />
      </IonButton>
      <IonButton disabled={busy} onClick={() => void run(printWithAcceptance)} aria-label={t`Stampa`}>
        <IonIcon slot="icon-only" icon={printOutline} aria-hidden="true" />
      </IonButton>
    </>
  );

  return (
    <PageLayout
      title={title}
      titleLang={documentTitle ? 'it' : undefined}
      backTo={back}
      actions={actions}
      className="document-viewer-page"
    >
      {documentId === null ? (
        <EmptyState title={<Trans>Documento non valido</Trans>} />
      ) : (
        <DocumentViewer documentId={documentId} />
      )}
    </PageLayout>
  );
}
