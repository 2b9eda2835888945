/**
 * One PDF fetched with the portal's credentials and drawn with the dossier's pdf.js viewer; `zoomable` adds
 * the zoom bar, the pinch and the text layer (the signing wizard's documents: text readable by screen readers).
 */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import { ErrorState, LoadingState } from '../state-views';
import type { PDFDocumentProxy } from './pdf';
import { openPdf } from './pdf';
import { PdfViewer } from './pdf-viewer';
import { usePinchZoom, ZoomBar } from './pdf-zoom';

const ignorePage = (): void => undefined;

export function PdfDocument({
  load,
  label,
  zoomable = false,
}: {
  load: () => Promise<ArrayBuffer>;
  label: string;
  zoomable?: boolean;
}): JSX.Element {
  const { t } = useLingui();
  const [pdf, setPdf] = useState<PDFDocumentProxy | 'loading' | { failed: unknown }>('loading');
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState(1);
  const pinch = usePinchZoom(zoom, setZoom);

  useEffect(() => {
    void attempt;
    let active = true;
    let loaded: PDFDocumentProxy | null = null;
    setPdf('loading');
    load()
      .then(openPdf)
      .then((document) => {
        loaded = document;
        if (active) setPdf(document);
        else void document.destroy();
      })
      .catch((error: unknown) => active && setPdf({ failed: error }));
    return () => {
      active = false;
      if (loaded) void loaded.destroy();
    };
  }, [load, attempt]);

  if (pdf === 'loading') return <LoadingState label={t`Caricamento del documento…`} />;
  if ('failed' in pdf)
    return <ErrorState reason={failureMessage(pdf.failed)} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!zoomable) return <PdfViewer pdf={pdf} zoom={1} onCurrentPage={ignorePage} label={label} />;
  // The viewer's own region carries the name; the zoom bar sits above it.
  return (
    <div>
      <ZoomBar zoom={zoom} onZoom={setZoom} />
      <div
        className="pdf-pinch"
        {...pinch.handlers}
        style={pinch.preview === 1 ? undefined : { transform: `scale(${pinch.preview})` }}
      >
        <PdfViewer pdf={pdf} zoom={zoom} onCurrentPage={ignorePage} label={label} withText />
      </div>
    </div>
  );
}
