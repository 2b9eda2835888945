/**
 * A physician reads an upload (the dossier's PDF viewer) and validates it, or rejects it with a reason
 * the patient will read. The reason typed stays if the rejection fails.
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { UploadedDocument } from '../../contract/uploads';
import { UPLOAD_REASON_MAX } from '../../contract/uploads';
import { confirm } from '../../ui/confirm-dialog';
import { PdfDocument } from '../../ui/pdf/pdf-document';
import { ReasonField } from '../../ui/reason-field';
import { REASON_REQUIRED, useReasonForm } from '../../ui/reason-sheet';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toasts';
import { fetchUploadPdf, rejectUpload, validateUpload } from './api';
import { UploadCard } from './upload-card';
import '../../ui/forms.css';
import './upload-sheet.css';

export function ReviewSheet({
  document,
  onClose,
  onReviewed,
}: {
  document: UploadedDocument | null;
  onClose: () => void;
  onReviewed: () => void;
}): JSX.Element {
  const { t } = useLingui();
  const [rejecting, setRejecting] = useState(false);
  const [validating, setValidating] = useState(false);
  const id = document?.id ?? 0;
  const load = useCallback(() => fetchUploadPdf(id), [id]);
  const rejection = useReasonForm(
    async (reason) => {
      if (!document) return;
      await rejectUpload(document.id, reason);
      showToast('success', msg`Documento rifiutato: il paziente vedrà il motivo`);
      onReviewed();
    },
    (failure) => failureMessage(failure) ?? REASON_REQUIRED,
  );
  const { reset } = rejection;
  const busy = validating || rejection.busy;

  // A new document opens with a clean rejection form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: id is the trigger, not a value read
  useEffect(() => {
    setRejecting(false);
    reset();
  }, [id, reset]);

  const validate = async (): Promise<void> => {
    const yes = await confirm({
      header: msg`Approva il documento`,
      message: msg`Il documento entrerà nel dossier del paziente, che potrà consultarlo.`,
      confirmLabel: msg`Approva`,
    });
    if (!yes || !document) return;
    setValidating(true);
    try {
      await validateUpload(document.id);
      showToast('success', msg`Documento approvato: ora è nel dossier del paziente`);
      onReviewed();
    } catch {
      // The error toast has said why (e.g. already reviewed by a colleague); the list shows the truth.
      onReviewed();
    } finally {
      setValidating(false);
    }
  };

  return (
    <Sheet
      open={document !== null}
      onClose={onClose}
      className="review-sheet"
      title={document?.title ?? ''}
      footer={
        document?.canReview && (
          <div className="review-actions">
            {rejecting && (
              <ReasonField
                value={rejection.reason}
                onChange={rejection.setReason}
                maxLength={UPLOAD_REASON_MAX}
                rows={3}
                disabled={busy}
                problem={rejection.problem}
              />
            )}
            <div className="review-buttons">
              {rejecting ? (
                <>
                  <IonButton fill="outline" disabled={busy} onClick={() => setRejecting(false)}>
                    <Trans>Annulla</Trans>
                  </IonButton>
                  <IonButton color="danger" disabled={busy} onClick={() => void rejection.submit()}>
                    <Trans>Conferma il rifiuto</Trans>
                  </IonButton>
                </>
              ) : (
                <>
                  <IonButton fill="outline" color="danger" disabled={busy} onClick={() => setRejecting(true)}>
                    <Trans>Rifiuta</Trans>
                  </IonButton>
                  <IonButton color="success" disabled={busy} onClick={() => void validate()}>
                    <Trans>Approva</Trans>
                  </IonButton>
                </>
              )}
            </div>
          </div>
        )
      }
    >
      {document && <UploadCard document={document} showOwner />}
      {document && <PdfDocument load={load} label={t`Documento caricato dal paziente`} />}
    </Sheet>
  );
}
