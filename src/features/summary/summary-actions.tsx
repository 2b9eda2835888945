/**
 * What can be done with the summary on screen: the PDF (made by the server from the same data), the FHIR
 * JSON (the Bundle on screen, saved as it came) and, for the patient's side, a link that shares it and the
 * way to the whole record as one archive.
 */
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import { archiveOutline, codeDownloadOutline, documentOutline, qrCodeOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useState } from 'react';
import { paths } from '../../routing/paths';
import { saveBlob } from '../../ui/save-file';
import { fetchSummaryPdf } from './api';
import { fhirJsonFile, summaryFileName, timestampOf } from './files';

export interface SummaryActionsProps {
  patientId: number;
  bundle: unknown;
  /** Downloads: everyone but a guest without the download right (null while that right loads). */
  mayDownload: boolean | null;
  /** Sharing with a link, and the whole record's archive: the patient, or a guest with the download right; never staff. */
  mayShare: boolean;
}

export function SummaryActions({
  patientId,
  bundle,
  mayDownload,
  mayShare,
}: SummaryActionsProps): JSX.Element {
  const [printing, setPrinting] = useState(false);
  const downloadPdf = async (): Promise<void> => {
    setPrinting(true);
    try {
      const { blob, filename } = await fetchSummaryPdf(patientId);
      saveBlob(blob, filename);
    } catch {
      // The toast said why.
    } finally {
      setPrinting(false);
    }
  };
  const downloadJson = (): void =>
    saveBlob(fhirJsonFile(bundle), summaryFileName(timestampOf(bundle), 'json'));

  if (mayDownload === false)
    return (
      <p className="summary-hint">
        <Trans>Per scaricare la sintesi serve il permesso di scaricare i documenti.</Trans>
      </p>
    );
  return (
    <div className="summary-actions">
      <IonButton fill="outline" disabled={printing || !mayDownload} onClick={() => void downloadPdf()}>
        {printing ? (
          <IonSpinner slot="start" name="crescent" aria-hidden="true" />
        ) : (
          <IonIcon slot="start" icon={documentOutline} aria-hidden="true" />
        )}
        <Trans>Scarica PDF</Trans>
      </IonButton>
      <IonButton fill="outline" disabled={!mayDownload} onClick={downloadJson}>
        <IonIcon slot="start" icon={codeDownloadOutline} aria-hidden="true" />
        <Trans>Scarica FHIR (JSON)</Trans>
      </IonButton>
      {mayShare && (
        <>
          <IonButton className="summary-share" routerLink={paths.sharedLinks(true)}>
            <IonIcon slot="start" icon={qrCodeOutline} aria-hidden="true" />
            <Trans>Condividi con un link</Trans>
          </IonButton>
          <IonButton className="summary-wide" fill="outline" routerLink={paths.recordExport()}>
            <IonIcon slot="start" icon={archiveOutline} aria-hidden="true" />
            <Trans>Scarica tutto il fascicolo</Trans>
          </IonButton>
        </>
      )}
    </div>
  );
}
