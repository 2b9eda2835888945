/** One PDF fetched with the portal's credentials and drawn with the dossier's pdf.js viewer. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import { ErrorState, LoadingState } from '../state-views';
import type { PDFDocumentProxy } from './pdf';
import { openPdf } from './pdf';
import { PdfViewer } from './pdf-viewer';

const ignorePage = (): void => undefined;

export function PdfDocument({
  load,
  label,
}: {
  load: () => Promise<ArrayBuffer>;
  label: string;
}): JSX.Element {
  const { t } = useLingui();
  const [pdf, setPdf] = useState<PDFDocumentProxy | 'loading' | { failed: unknown }>('loading');
  const [attempt, setAttempt] = useState(0);

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
  return <PdfViewer pdf={pdf} zoom={1} onCurrentPage={ignorePage} label={label} />;
}
