import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { CheckRevokeQuery, CheckRevokeReply } from '../../../src/contract';
import type { Database } from '../../db/client';
import { signatureCeremonies, tempDocuments } from '../../db/schema';
import { HttpError } from '../../http-error';
import { isDossierConsent } from './catalogue';
import { ConsentEffect } from './effects';

/**
 * After signing: whether the caller's ceremony is signed and revoked consents (the dossier consent logs a
 * patient out). 404 for a ceremony of someone else, or a document not of that ceremony.
 */
export async function checkRevoke(
  db: Database,
  userId: number,
  query: v.InferOutput<typeof CheckRevokeQuery>,
): Promise<CheckRevokeReply> {
  const [ceremony] = await db
    .select()
    .from(signatureCeremonies)
    .where(and(eq(signatureCeremonies.id, query.signatureSessionId), eq(signatureCeremonies.userId, userId)));
  if (!ceremony) throw new HttpError(404, 'NOT_FOUND');
  if (query.tempDocumentId !== undefined) {
    const [document] = await db
      .select({ id: tempDocuments.id })
      .from(tempDocuments)
      .where(and(eq(tempDocuments.id, query.tempDocumentId), eq(tempDocuments.ceremonyId, ceremony.id)));
    if (!document) throw new HttpError(404, 'NOT_FOUND');
  }
  const effect = v.safeParse(ConsentEffect, ceremony.effect);
  const revokes = effect.success ? effect.output.items.filter((item) => item.action === 'revoke') : [];
  const signed = ceremony.status === 'SIGNED';
  return {
    signed,
    revoked: signed && revokes.length > 0,
    dossierRevoked: signed && revokes.some((item) => isDossierConsent(item.consentCode)),
  };
}
