import { zipSync } from 'fflate';
import * as v from 'valibot';
import type { Database } from '../../db/client';
import { patientHeader } from '../patients';
import { DocumentContent } from '../pdf/content';
import { renderDocumentPdf } from '../pdf/render-document';
import { signedDossierPdf } from '../signing/dossier-content';
import { uploadedPdf } from '../uploads/content';
import type { DocumentRecord, DocumentSummary } from './records';

/**
 * The PDF of a document, rendered from its content with the patient's identity in the header; a validated
 * upload is its own file, served as the patient uploaded it.
 */
export async function documentPdf(db: Database, record: DocumentRecord): Promise<Uint8Array> {
  const uploaded = await uploadedPdf(db, record.document);
  if (uploaded) return uploaded;
  const signed = await signedDossierPdf(db, record.document);
  if (signed) return signed;
  const patient = await patientHeader(db, record.document.patientId);
  const { document } = record;
  return renderDocumentPdf({
    id: document.id,
    version: document.version,
    title: document.title,
    typeDesc: record.type.descIt,
    createdAt: document.createdAt,
    authorName: document.authorName,
    unit: { name: record.unit.name, hospital: record.unit.hospital },
    patient,
    content: v.parse(DocumentContent, document.content),
  });
}

/** A file name without characters that break Content-Disposition or unzip tools. */
export function fileNameOf(record: Pick<DocumentSummary, 'document'>): string {
  const day = record.document.createdAt.toISOString().slice(0, 10);
  const title = record.document.title
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${day}-${title}-${record.document.id}.pdf`;
}

/** PDFs are already compressed: stored entries (level 0) zip fast and lose nothing. */
export function zipFiles(files: { name: string; bytes: Uint8Array }[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((file) => [file.name, [file.bytes, { level: 0 }]])));
}
