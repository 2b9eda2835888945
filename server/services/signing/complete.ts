import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signatureCeremonies, signedDocuments } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { CeremonyEffects, CeremonyRow, SignedOutput, TempDocument } from './ceremony';

/**
 * Signs every document of the ceremony with `signPdf`, then in ONE transaction stores the signed PDFs,
 * applies the effect of the ceremony's kind (from `effects`, the table the composition root builds) and marks
 * it SIGNED. A failing effect rolls everything back.
 */
export async function completeCeremony(
  db: Database,
  ceremony: CeremonyRow,
  documents: readonly TempDocument[],
  signPdf: (pdf: Uint8Array) => Promise<Uint8Array>,
  effects: CeremonyEffects,
  now: Date = new Date(),
): Promise<SignedOutput[]> {
  const effect = effects[ceremony.kind];
  const signedPdfs: Uint8Array[] = [];
  for (const document of documents) signedPdfs.push(await signPdf(document.pdf));
  return db.transaction(async (tx) => {
    const outputs: SignedOutput[] = [];
    for (const [index, document] of documents.entries()) {
      const [row] = await tx
        .insert(signedDocuments)
        .values({
          patientId: ceremony.patientId,
          ceremonyId: ceremony.id,
          signerUserId: ceremony.userId,
          title: document.title,
          kind: 'pades',
          pdf: signedPdfs[index] as Uint8Array,
          signedAt: now,
        })
        .returning({ id: signedDocuments.id });
      if (!row) throw new Error('signed document not stored');
      outputs.push({
        tempDocumentId: document.id,
        signedDocumentId: row.id,
        subject: document.subject,
        title: document.title,
      });
    }
    await effect(tx as unknown as Database, ceremony, outputs);
    const updated = await tx
      .update(signatureCeremonies)
      .set({ status: 'SIGNED', completedAt: now })
      .where(and(eq(signatureCeremonies.id, ceremony.id), eq(signatureCeremonies.status, ceremony.status)))
      .returning({ id: signatureCeremonies.id });
    // Two concurrent completions: the second finds the status changed and rolls back.
    if (updated.length !== 1) throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
    return outputs;
  });
}
