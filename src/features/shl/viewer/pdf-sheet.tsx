/** One shared PDF in a full-height sheet, drawn by the portal's pdf.js viewer with its zoom. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { PdfDocument } from '../../../ui/pdf/pdf-document';
import { Sheet } from '../../../ui/sheet';
import type { SharedDocument } from './shared-files';

export default function PdfSheet({
  document,
  open,
  onClose,
}: {
  document: SharedDocument;
  open: boolean;
  onClose: () => void;
}): JSX.Element {
  const { t } = useLingui();
  const title = document.title ?? t`Documento senza titolo`;
  // pdf.js may take over the buffer it is given: each load hands it a copy.
  const load = useCallback(async (): Promise<ArrayBuffer> => {
    if (!document.pdf) throw new Error('no PDF');
    return document.pdf.slice().buffer;
  }, [document]);
  return (
    <Sheet open={open} title={title} onClose={onClose} className="shl-pdf-sheet">
      <PdfDocument load={load} label={t`Pagine di ${title}`} zoomable />
    </Sheet>
  );
}
