/**
 * The images of a document (spec section 4): the study status is asked lazily, once the row is on
 * screen; a failed lookup is only logged. NOTFOUND hides the icon; OFFLINE offers to bring the study
 * back (move, then polled); ONLINE opens the viewer in a new window.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { alertCircleOutline, cloudDownloadOutline, hourglassOutline, imagesOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { errorReplyOf } from '../../api/error-report';
import type { DicomStatus, Document } from '../../contract/documents';
import { showToast } from '../../ui/toasts';
import type { StudyRef } from './api';
import { fetchStudyStatus, fetchStudyViewerUrl, moveStudy } from './api';
import { observeOnce, usePolling } from './use-polling';

function studyOf(document: Document): StudyRef | null {
  const accessions = document.accessionNumber?.split('|').filter(Boolean) ?? [];
  const first = accessions[0];
  if (!document.showDicom || !first) return null;
  return {
    accession: first,
    patientId: document.patientId,
    docProvenance: document.documentProvenanceUnit.code,
  };
}

/** Opens the viewer: the window is opened at the tap, so a pop-up blocker lets it through. */
async function openViewer(study: StudyRef): Promise<void> {
  const viewer = window.open('', '_blank');
  if (!viewer) {
    showToast(
      'warning',
      msg`Il browser ha bloccato la nuova finestra: consenti i pop-up per questo sito e riprova.`,
    );
    return;
  }
  viewer.opener = null;
  try {
    const url = await fetchStudyViewerUrl(study);
    viewer.location.href = new URL(url, window.location.origin).href;
  } catch {
    viewer.close();
  }
}

export function DicomIndicator({ document }: { document: Document }): JSX.Element | null {
  const { t } = useLingui();
  const study = studyOf(document);
  const multiple = (document.accessionNumber ?? '').includes('|');
  // The list may already say NOTFOUND or MULTIPLE (document-level states): no lookup then.
  const listed =
    document.dicomStatus === 'NOTFOUND' || multiple ? (multiple ? 'MULTIPLE' : 'NOTFOUND') : null;
  const [status, setStatus] = useState<DicomStatus | null>(listed);
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const key = study ? `${study.accession}|${study.docProvenance}|${study.patientId}` : '';

  useEffect(() => {
    const element = anchor.current;
    if (!key || listed !== null || !element) return;
    const [accession = '', docProvenance = '', patientId = '0'] = key.split('|');
    const ref: StudyRef = { accession, docProvenance, patientId: Number(patientId) };
    return observeOnce(element, () => {
      fetchStudyStatus(ref)
        .then(setStatus)
        .catch((error: unknown) => {
          // No such study: as NOTFOUND, the icon goes away. Anything else is only logged (spec section 4).
          if (errorReplyOf(error)?.code === 'NOT_FOUND') setStatus('NOTFOUND');
          else console.warn('DICOM status lookup failed', accession, error);
        });
    });
  }, [key, listed]);

  usePolling(status === 'MOVING' && study !== null, async () => {
    if (study) setStatus(await fetchStudyStatus(study));
  });

  if (!study || status === 'NOTFOUND') return null;

  const act = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    await action().catch(() => undefined);
    setBusy(false);
  };

  let content: JSX.Element | null = null;
  switch (status) {
    case null:
      content = null;
      break;
    case 'ONLINE':
    case 'MULTIPLE':
      content = (
        <IonButton
          fill="clear"
          size="small"
          disabled={busy}
          onClick={() => void act(() => openViewer(study))}
          aria-label={t`Apri le immagini`}
        >
          <IonIcon slot="icon-only" icon={imagesOutline} aria-hidden="true" />
        </IonButton>
      );
      break;
    case 'OFFLINE':
      content = (
        <IonButton
          fill="clear"
          size="small"
          disabled={busy}
          onClick={() => void act(async () => setStatus(await moveStudy(study)))}
          aria-label={t`Recupera le immagini`}
        >
          <IonIcon slot="icon-only" icon={cloudDownloadOutline} aria-hidden="true" />
        </IonButton>
      );
      break;
    case 'MOVING':
      content = (
        <span className="dicom-state" role="img" aria-label={t`Immagini in recupero`}>
          <IonIcon icon={hourglassOutline} aria-hidden="true" />
        </span>
      );
      break;
    case 'ERROR':
      content = (
        <span className="dicom-state tone-danger" role="img" aria-label={t`Immagini non disponibili`}>
          <IonIcon icon={alertCircleOutline} aria-hidden="true" />
        </span>
      );
      break;
  }
  return (
    <span ref={anchor} className="dicom-indicator" data-dicom-status={status ?? 'unknown'}>
      {content}
    </span>
  );
}
