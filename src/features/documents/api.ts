/**
 * The viewer's calls: a short-lived URL of the PDF (`/documents/{id}/view`), its bytes fetched through the
 * ky instance (so with the auth headers, never a token in a URL), and the tracked download.
 */
import type { Progress } from 'ky';
import { api } from '../../api/client';
import { reportTransportError } from '../../api/error-report';
import { getJson } from '../../api/request';
import { apiPrefixUrl } from '../../config/runtime-config';
import { DocumentViewUrl } from '../../contract/documents';

/** A same-origin API URL as the ky instance wants it: relative to its prefix. */
export function apiRelative(url: string): string {
  const absolute = new URL(url, window.location.origin).href;
  const prefix = `${apiPrefixUrl()}/`;
  if (!absolute.startsWith(prefix)) throw new Error(`Not an API URL: ${url}`);
  return absolute.slice(prefix.length);
}

async function bytes(call: () => Promise<ArrayBuffer>): Promise<ArrayBuffer> {
  try {
    return await call();
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}

/** The PDF of a document, for pdf.js; `onProgress` gets 0..1. */
export async function fetchDocumentPdf(
  documentId: number,
  onProgress: (fraction: number) => void,
): Promise<ArrayBuffer> {
  // The viewer says a refusal or a missing document itself (no toast on top).
  const { url } = await getJson(`documents/${documentId}/view`, DocumentViewUrl, {
    context: { quiet: [403, 404] },
  });
  return bytes(() =>
    api()
      .get(apiRelative(url), {
        headers: { Accept: 'application/pdf' },
        onDownloadProgress: (progress: Progress) => onProgress(progress.percent),
      })
      .arrayBuffer(),
  );
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

function filenameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/** `GET /documents/{id}/download?format=pdf`; staff pass `accepted` after the acceptance dialog. */
export async function downloadDocument(documentId: number, accepted: boolean): Promise<DownloadedFile> {
  const searchParams: Record<string, string> = { format: 'pdf' };
  if (accepted) searchParams.accepted = 'true';
  try {
    const response = await api().get(`documents/${documentId}/download`, {
      searchParams,
      headers: { Accept: 'application/pdf' },
    });
    const blob = await response.blob();
    return {
      blob,
      filename: filenameOf(response.headers.get('Content-Disposition'), `documento-${documentId}.pdf`),
    };
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}
