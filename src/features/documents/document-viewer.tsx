/** Loads a document's PDF (with progress) and shows it with the zoom bar and the page counter. */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, expandOutline, removeOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { errorReplyOf, failureMessage } from '../../api/error-report';
import { AccessRefusedState, NotFoundState } from '../../ui/access-refused';
import type { PDFDocumentProxy } from '../../ui/pdf/pdf';
import { openPdf } from '../../ui/pdf/pdf';
import { PdfViewer } from '../../ui/pdf/pdf-viewer';
import { ErrorState } from '../../ui/state-views';
import { fetchDocumentPdf } from './api';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = ZOOMS.indexOf(1);

type State =
  | { status: 'loading'; progress: number }
  | { status: 'ready'; pdf: PDFDocumentProxy }
  | { status: 'error'; reason: MessageDescriptor | null; httpStatus: number | null };

export function DocumentViewer({ documentId }: { documentId: number }): JSX.Element {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ status: 'loading', progress: 0 });
  const [zoomIndex, setZoomIndex] = useState(FIT);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void attempt;
    let active = true;
    let loaded: PDFDocumentProxy | null = null;
    setState({ status: 'loading', progress: 0 });
    fetchDocumentPdf(documentId, (progress) => active && setState({ status: 'loading', progress }))
      .then(openPdf)
      .then((pdf) => {
        loaded = pdf;
        if (active) setState({ status: 'ready', pdf });
        else void pdf.destroy();
      })
      .catch((error: unknown) => {
        console.warn('Document not shown', documentId, error);
        const httpStatus = errorReplyOf(error)?.status ?? null;
        if (active) setState({ status: 'error', reason: failureMessage(error), httpStatus });
      });
    return () => {
      active = false;
      if (loaded) void loaded.destroy();
    };
  }, [documentId, attempt]);

  const onCurrentPage = useCallback((current: number) => setPage(current), []);

  if (state.status === 'loading') {
    const percent = Math.round(state.progress * 100);
    return (
      <div className="state-view" role="status">
        <p>
          <Trans>Caricamento del documento… {percent}%</Trans>
        </p>
        <progress
          className="pdf-progress"
          max={100}
          value={percent}
          aria-label={t`Avanzamento del caricamento`}
        />
      </div>
    );
  }
  // A refusal or a missing document is an answer: saying "try again" would not help.
  if (state.status === 'error' && state.httpStatus === 403)
    return <AccessRefusedState reason={state.reason} />;
  if (state.status === 'error' && state.httpStatus === 404) {
    return (
      <NotFoundState title={<Trans>Documento non trovato</Trans>}>
        <p>
          <Trans>Il documento non esiste o non è disponibile.</Trans>
        </p>
      </NotFoundState>
    );
  }
  if (state.status === 'error') {
    return (
      <ErrorState reason={state.reason} onRetry={() => setAttempt((n) => n + 1)}>
        <p>
          <Trans>
            Impossibile visualizzare il documento. Riprova e, se il problema persiste, contatta l'assistenza.
          </Trans>
        </p>
      </ErrorState>
    );
  }
  const total = state.pdf.numPages;
  const zoom = ZOOMS[zoomIndex] ?? 1;
  const percent = Math.round(zoom * 100);
  return (
    <>
      <PdfViewer pdf={state.pdf} zoom={zoom} onCurrentPage={onCurrentPage} />
      <div className="pdf-toolbar" role="toolbar" aria-label={t`Visualizzazione`}>
        <span className="pdf-counter" aria-live="polite">
          <Trans>
            Pagina {page} di {total}
          </Trans>
        </span>
        <IonButton
          fill="clear"
          disabled={zoomIndex === 0}
          onClick={() => setZoomIndex(zoomIndex - 1)}
          aria-label={t`Riduci`}
        >
          <IonIcon slot="icon-only" icon={removeOutline} aria-hidden="true" />
        </IonButton>
        <span className="pdf-zoom">{percent}%</span>
        <IonButton
          fill="clear"
          disabled={zoomIndex === ZOOMS.length - 1}
          onClick={() => setZoomIndex(zoomIndex + 1)}
          aria-label={t`Ingrandisci`}
        >
          <IonIcon slot="icon-only" icon={addOutline} aria-hidden="true" />
        </IonButton>
        <IonButton fill="clear" onClick={() => setZoomIndex(FIT)} aria-label={t`Adatta alla larghezza`}>
          <IonIcon slot="icon-only" icon={expandOutline} aria-hidden="true" />
        </IonButton>
      </div>
    </>
  );
}
