/** The patient's side of /fileUpload: upload a PDF or a scan, follow each upload's review. */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { cloudUploadOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { CodeDesc } from '../../contract/reference';
import type { UploadedDocument, UploadPhysician } from '../../contract/uploads';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { deleteUpload, fetchCustomTypes, fetchPhysicians } from './api';
import { UploadSections } from './upload-sections';
import { UploadSheet } from './upload-sheet';
import { useUploads } from './use-uploads';

const GROUPS = [
  { statuses: ['PENDING'], title: msg`In attesa di approvazione` },
  { statuses: ['REJECTED'], title: msg`Rifiutati` },
  { statuses: ['VALIDATED'], title: msg`Approvati e nel dossier` },
] as const;

export function PatientUploads(): JSX.Element {
  const { t } = useLingui();
  const uploads = useUploads();
  const { state } = uploads;
  const [types, setTypes] = useState<CodeDesc[]>([]);
  const [physicians, setPhysicians] = useState<UploadPhysician[]>([]);
  const [sheet, setSheet] = useState<{ editing: UploadedDocument | null } | null>(null);

  useEffect(() => {
    fetchCustomTypes()
      .then((reply) => setTypes(reply.documentTypes))
      .catch(() => undefined); // the type list stays empty and the form says the type is required
    fetchPhysicians()
      .then((reply) => setPhysicians(reply.physicians))
      .catch(() => undefined); // then only "any physician" is offered
  }, []);

  const remove = async (document: UploadedDocument): Promise<void> => {
    const yes = await confirm({
      header: msg`Elimina il documento`,
      message: msg`Il documento "${document.title}" verrà eliminato e il medico non lo vedrà più.`,
      confirmLabel: msg`Elimina`,
      destructive: true,
    });
    if (!yes) return;
    try {
      await deleteUpload(document.id);
      showToast('success', msg`Documento eliminato`);
    } finally {
      await uploads.reload();
    }
  };

  return (
    <PageLayout title={t`Documenti caricati`} refresher={<Refresher onRefresh={uploads.reload} />}>
      <div className="upload-intro">
        <p className="muted">
          <Trans>
            Carica referti o esami fatti altrove: un medico li esamina e, se li approva, entrano nel tuo
            dossier.
          </Trans>
        </p>
        <IonButton expand="block" onClick={() => setSheet({ editing: null })}>
          <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
          <Trans>Carica un documento</Trans>
        </IonButton>
      </div>
      <LoadedView state={state} onRetry={uploads.reload} staleNotice>
        {(value) => (
          <>
            {value.documents.length === 0 && (
              <EmptyState title={<Trans>Non hai ancora caricato documenti</Trans>} />
            )}
            <UploadSections
              documents={value.documents}
              groups={GROUPS}
              actions={{
                onModify: (document) => setSheet({ editing: document }),
                onDelete: (document) => void remove(document),
              }}
            />
          </>
        )}
      </LoadedView>
      <UploadSheet
        open={sheet !== null}
        editing={sheet?.editing ?? null}
        types={types}
        physicians={physicians}
        onClose={() => setSheet(null)}
        onSaved={() => {
          setSheet(null);
          void uploads.reload();
        }}
      />
    </PageLayout>
  );
}
