/**
 * Read step: every document to sign, one after the other. Continuing needs the end of the last one to
 * have been on screen, or the "Ho letto" box ticked (a screen reader user may not scroll a canvas).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { PdfDocument } from '../ui/pdf/pdf-document';
import { fetchTempDocument } from './api';

export function ReadStep({
  documentIds,
  read,
  onRead,
}: {
  documentIds: readonly number[];
  read: boolean;
  onRead: (read: boolean) => void;
}): JSX.Element {
  const { t } = useLingui();
  const end = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const target = end.current;
    if (!target || read || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onRead(true);
    });
    // The pages appear after loading: observe once there is something above the sentinel.
    const timer = window.setTimeout(() => observer.observe(target), 1500);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, [read, onRead]);

  return (
    <>
      <p className="wizard-hint">
        <Trans>Leggi il documento fino in fondo prima di firmarlo.</Trans>
      </p>
      <div className="wizard-docs">
        {documentIds.map((id, index) => (
          <TempDocument key={id} id={id} label={t`Documento ${index + 1} di ${documentIds.length}`} />
        ))}
      </div>
      <div ref={end} className="wizard-read-end" />
      <label className="wizard-check">
        <input type="checkbox" checked={read} onChange={(event) => onRead(event.target.checked)} />
        <Trans>Ho letto il documento</Trans>
      </label>
    </>
  );
}

function TempDocument({ id, label }: { id: number; label: string }): JSX.Element {
  const load = useCallback(() => fetchTempDocument(id), [id]);
  return (
    <>
      <h2 className="wizard-doc-title ion-padding-horizontal">{label}</h2>
      <PdfDocument load={load} label={label} zoomable />
    </>
  );
}
