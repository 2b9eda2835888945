import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Database } from '../../db/client';
import { signedDocuments } from '../../db/schema';

/** `documents.content` of a dossier document that IS a signed PDF (a rehabilitation plan): served as signed. */
const SignedContent = v.object({ kind: v.literal('signed'), signedDocumentId: v.number() });

export function signedContent(signedDocumentId: number): v.InferOutput<typeof SignedContent> {
  return { kind: 'signed', signedDocumentId };
}

/**
 * The signed bytes behind a dossier document, or null when the document is not one. The signed document
 * must be of the same patient, so a content edited by hand reads nothing else.
 */
export async function signedDossierPdf(
  db: Database,
  document: { id: number; patientId: number; content: unknown },
): Promise<Uint8Array | null> {
  const parsed = v.safeParse(SignedContent, document.content);
  if (!parsed.success) return null;
  const [row] = await db
    .select({ pdf: signedDocuments.pdf })
    .from(signedDocuments)
    .where(
      and(
        eq(signedDocuments.id, parsed.output.signedDocumentId),
        eq(signedDocuments.patientId, document.patientId),
      ),
    );
  if (!row) throw new Error(`signed file of document ${document.id} missing`);
  return row.pdf;
}
