/**
 * pdf.js, legacy build (iOS Safari), with its worker bundled as a same-origin file: the CSP allows
 * scripts and workers from 'self' only, and eval is off.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
/** The page's text as transparent, positioned spans over the canvas: readable by screen readers, selectable. */
export { TextLayer } from 'pdfjs-dist/legacy/build/pdf.mjs';

export function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  GlobalWorkerOptions.workerSrc = workerUrl;
  return getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
}
