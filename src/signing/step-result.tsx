/** Result step: the signature is done; each signed PDF can be viewed here and downloaded. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkmarkCircleOutline, downloadOutline, eyeOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { PdfDocument } from '../ui/pdf/pdf-document';
import { fetchSignedDocument, saveFile } from './api';
import './signing.css';

export function ResultStep({
  signedDocumentIds,
  message,
}: {
  signedDocumentIds: readonly number[];
  message: string;
}): JSX.Element {
  return (
    <>
      <IonIcon icon={checkmarkCircleOutline} className="wizard-result-icon" aria-hidden="true" />
      <p role="status">{message}</p>
      {signedDocumentIds.map((id, index) => (
        <SignedDocument key={id} id={id} position={index + 1} count={signedDocumentIds.length} />
      ))}
    </>
  );
}

export function SignedDocument({
  id,
  position = 1,
  count = 1,
  title,
}: {
  id: number;
  position?: number;
  count?: number;
  /** Overrides the generic label ("Documento firmato"). */
  title?: string;
}): JSX.Element {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => fetchSignedDocument(id), [id]);
  const label = title ?? (count > 1 ? t`Documento firmato ${position} di ${count}` : t`Documento firmato`);
  const download = (): void => {
    setBusy(true);
    fetchSignedDocument(id)
      .then((bytes) => saveFile(bytes, `documento-firmato-${id}.pdf`))
      .catch(() => undefined) // the error toast says why
      .finally(() => setBusy(false));
  };
  return (
    <div className="wizard-result-doc">
      <span>{label}</span>
      <IonButton fill="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
        <IonIcon slot="start" icon={eyeOutline} aria-hidden="true" />
        {open ? <Trans>Nascondi</Trans> : <Trans>Visualizza</Trans>}
      </IonButton>
      <IonButton fill="outline" onClick={download} disabled={busy}>
        <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
        <Trans>Scarica PDF</Trans>
      </IonButton>
      {open && (
        <div className="wizard-docs">
          <PdfDocument load={load} label={label} zoomable />
        </div>
      )}
    </div>
  );
}
