/**
 * Extraction of documents (spec section 6): patients and guests download and print directly; staff first
 * accept that the extraction is tracked, and the call then carries `accepted=true`.
 */
import { msg } from '@lingui/core/macro';
import type { UserType } from '../../contract/user';
import { isStaff } from '../../session/roles';
import { confirm } from '../../ui/confirm-dialog';
import type { PDFDocumentProxy } from '../../ui/pdf/pdf';
import { openPdf } from '../../ui/pdf/pdf';
import { saveBlob } from '../../ui/save-file';
import { showToast } from '../../ui/toasts';
import type { DownloadedFile } from './api';
import { downloadDocument } from './api';

export const EXTRACTION_NOTICE = msg`L'estrazione di documenti dal dossier sanitario è registrata: data, ora, utente e documento vengono tracciati. Proseguendo dichiari di agire per finalità di cura o per motivi previsti dalla legge e ti assumi la responsabilità della custodia e dell'uso dei dati scaricati o stampati, nel rispetto della normativa sulla protezione dei dati personali.`;

/** Resolves with `accepted` for the call, or null when the user declined. */
export async function acceptExtraction(userType: UserType): Promise<boolean | null> {
  if (!isStaff(userType)) return false;
  const accepted = await confirm({
    header: msg`Estrazione di documenti`,
    message: EXTRACTION_NOTICE,
    confirmLabel: msg`Accetto e proseguo`,
  });
  return accepted ? true : null;
}

async function extract(documentId: number, userType: UserType): Promise<DownloadedFile | null> {
  const accepted = await acceptExtraction(userType);
  if (accepted === null) return null;
  return downloadDocument(documentId, accepted);
}

export async function downloadWithAcceptance(documentId: number, userType: UserType): Promise<void> {
  const file = await extract(documentId, userType);
  if (!file) return;
  saveBlob(file.blob, file.filename);
  showToast('success', msg`Download avviato`);
}

/** Draws every page as an image in a print-only sheet (a blob iframe is refused by the CSP's frame-src). */
async function printSheet(pdf: PDFDocumentProxy): Promise<HTMLElement> {
  const sheet = document.createElement('div');
  sheet.className = 'print-sheet';
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 2 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas context');
    await page.render({ canvasContext: context, viewport }).promise;
    const image = document.createElement('img');
    image.src = canvas.toDataURL('image/png');
    image.alt = '';
    sheet.append(image);
  }
  return sheet;
}

export async function printWithAcceptance(documentId: number, userType: UserType): Promise<void> {
  const file = await extract(documentId, userType);
  if (!file) return;
  try {
    const pdf = await openPdf(await file.blob.arrayBuffer());
    const sheet = await printSheet(pdf);
    document.body.append(sheet);
    const cleanup = (): void => sheet.remove();
    window.addEventListener('afterprint', cleanup, { once: true });
    window.print();
    window.setTimeout(cleanup, 60_000);
  } catch (error) {
    console.warn('Print failed', error);
    showToast(
      'warning',
      msg`La stampa non è disponibile su questo dispositivo: scarica il documento e stampalo dall'app per i PDF.`,
    );
  }
}
