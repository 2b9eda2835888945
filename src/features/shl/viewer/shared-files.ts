/**
 * What one decrypted file of a link is: the patient summary (an IPS `document` Bundle), a `collection` of
 * documents (DocumentReference, each pointing at a Binary PDF of the bundle by its `fullUrl`), or nothing
 * this viewer can show.
 */
import type { Binary, Bundle, DocumentReference, Resource } from '@medplum/fhirtypes';
import { conceptText, list, str } from '../../../ui/ips/fhir-read';
import { type IpsDocument, readIpsDocument } from '../../../ui/ips/ips-document';

export interface SharedDocument {
  title: string | undefined;
  type: string | undefined;
  date: string | undefined;
  author: string | undefined;
  custodian: string | undefined;
  /** The PDF's bytes; null when the bundle does not carry a readable PDF for it. */
  pdf: Uint8Array<ArrayBuffer> | null;
}

export type SharedFile =
  | { kind: 'summary'; document: IpsDocument }
  | { kind: 'documents'; documents: SharedDocument[] }
  | { kind: 'unreadable' };

const PDF = 'application/pdf';

function base64Bytes(text: string | undefined): Uint8Array<ArrayBuffer> | null {
  if (!text) return null;
  try {
    return Uint8Array.from(atob(text.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function pdfOf(reference: DocumentReference, byUrl: Map<string, Resource>): Uint8Array<ArrayBuffer> | null {
  for (const content of list(reference.content)) {
    const attachment = content.attachment;
    if (!attachment || typeof attachment !== 'object') continue;
    if (str(attachment.contentType) === PDF && str(attachment.data)) return base64Bytes(attachment.data);
    const target = byUrl.get(str(attachment.url) ?? '');
    if (target?.resourceType === 'Binary' && str((target as Binary).contentType) === PDF)
      return base64Bytes(str((target as Binary).data));
  }
  return null;
}

export function readDocuments(bundle: Bundle): SharedDocument[] {
  const entries = list(bundle.entry);
  const byUrl = new Map<string, Resource>();
  for (const entry of entries) {
    const url = str(entry.fullUrl);
    if (url && entry.resource) byUrl.set(url, entry.resource);
  }
  return entries.flatMap((entry) => {
    if (entry.resource?.resourceType !== 'DocumentReference') return [];
    const reference = entry.resource;
    const [first] = list(reference.content);
    const [author] = list(reference.author);
    return [
      {
        title: str(first?.attachment?.title) ?? str(reference.description),
        type: conceptText(reference.type),
        date: str(reference.date),
        author: str(author?.display),
        custodian: str(reference.custodian?.display),
        pdf: pdfOf(reference, byUrl),
      },
    ];
  });
}

export function classify(content: unknown): SharedFile {
  const summary = readIpsDocument(content);
  if (summary) return { kind: 'summary', document: summary };
  const bundle = content as Bundle | null;
  if (
    bundle &&
    typeof bundle === 'object' &&
    bundle.resourceType === 'Bundle' &&
    bundle.type === 'collection'
  )
    return { kind: 'documents', documents: readDocuments(bundle) };
  return { kind: 'unreadable' };
}
