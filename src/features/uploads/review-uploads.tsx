/** The physician's side of /fileUpload: uploads waiting for their review, and those they reviewed. */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import type { UploadedDocument } from '../../contract/uploads';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { ReviewSheet } from './review-sheet';
import { UploadSections } from './upload-sections';
import { useUploads } from './use-uploads';

const GROUPS = [
  { statuses: ['PENDING'], title: msg`Da approvare` },
  { statuses: ['VALIDATED', 'REJECTED'], title: msg`Esaminati da te` },
] as const;

export function ReviewUploads(): JSX.Element {
  const { t } = useLingui();
  const uploads = useUploads();
  const { state } = uploads;
  const [open, setOpen] = useState<UploadedDocument | null>(null);

  return (
    <PageLayout title={t`Documenti da approvare`} refresher={<Refresher onRefresh={uploads.reload} />}>
      <p className="muted upload-intro">
        <Trans>
          Documenti caricati dai pazienti che hanno dato il consenso al dossier. Un documento approvato entra
          nel dossier del paziente; se lo rifiuti, il paziente legge il motivo.
        </Trans>
      </p>
      <LoadedView state={state} onRetry={uploads.reload} staleNotice>
        {(value) => (
          <>
            {value.documents.length === 0 && (
              <EmptyState title={<Trans>Nessun documento da approvare</Trans>} />
            )}
            <UploadSections
              documents={value.documents}
              groups={GROUPS}
              actions={{ onReview: setOpen, showOwner: true }}
            />
          </>
        )}
      </LoadedView>
      <ReviewSheet
        document={open}
        onClose={() => setOpen(null)}
        onReviewed={() => {
          setOpen(null);
          void uploads.reload();
        }}
      />
    </PageLayout>
  );
}
