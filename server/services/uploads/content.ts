import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Database } from '../../db/client';
import { uploadedDocuments } from '../../db/schema';

/** `documents.content` of a validated upload: the PDF is the upload's own bytes, not a rendering. */
const UploadContent = v.object({ kind: v.literal('upload'), uploadId: v.number() });

export function uploadContent(uploadId: number): v.InferOutput<typeof UploadContent> {
  return { kind: 'upload', uploadId };
}

/**
 * The uploaded bytes behind a dossier document, or null when the document is not an upload. The link is
 * checked both ways (the upload names this document), so a content edited by hand reads nothing else.
 */
export async function uploadedPdf(
  db: Database,
  document: { id: number; content: unknown },
): Promise<Uint8Array | null> {
  const parsed = v.safeParse(UploadContent, document.content);
  if (!parsed.success) return null;
  const [row] = await db
    .select({ content: uploadedDocuments.content })
    .from(uploadedDocuments)
    .where(
      and(
        eq(uploadedDocuments.id, parsed.output.uploadId),
        eq(uploadedDocuments.dossierDocumentId, document.id),
      ),
    );
  if (!row) throw new Error(`uploaded file of document ${document.id} missing`);
  return row.content;
}
