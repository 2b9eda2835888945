import { and, asc, eq } from 'drizzle-orm';
import type { SignCheckReply } from '../../../src/contract';
import type { Database } from '../../db/client';
import { signatureCeremonies, signedDocuments, tempDocuments, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { asCeremony } from './ceremony';
import { isSigningInProcess } from './signature';

/**
 * PUT /sign/check: where an asynchronous signature stands. The session is the caller's ceremony and the
 * document one of its documents; anything else is 'Contesto di firma non valido'.
 */
export async function checkSignature(
  db: Database,
  user: UserRow,
  input: { sessionId: string; documentId: number; callback?: string | undefined },
  now: Date = new Date(),
): Promise<SignCheckReply> {
  const [stored] = await db
    .select()
    .from(signatureCeremonies)
    .where(and(eq(signatureCeremonies.id, input.sessionId), eq(signatureCeremonies.userId, user.id)));
  const ceremony = stored && asCeremony(stored);
  const [document] = ceremony
    ? await db
        .select({ id: tempDocuments.id })
        .from(tempDocuments)
        .where(and(eq(tempDocuments.id, input.documentId), eq(tempDocuments.ceremonyId, ceremony.id)))
    : [];
  if (!ceremony || !document) throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  const base = {
    ceremonyKind: ceremony.kind,
    ...(input.callback !== undefined ? { callback: input.callback } : {}),
  };
  switch (ceremony.status) {
    case 'SIGNING': {
      // A signature this process is not running and whose ceremony has expired was lost (a restart).
      if (isSigningInProcess(ceremony.id) || ceremony.expiresAt > now) return { status: 'SIGNING', ...base };
      await db
        .update(signatureCeremonies)
        .set({ status: 'FAILED', failureCode: 'SIGN_AUTHORIZED_USER_ERROR' })
        .where(and(eq(signatureCeremonies.id, ceremony.id), eq(signatureCeremonies.status, 'SIGNING')));
      return { status: 'FAILED', errorCode: 'SIGN_AUTHORIZED_USER_ERROR', ...base };
    }
    case 'SIGNED': {
      const signed = await db
        .select({ id: signedDocuments.id })
        .from(signedDocuments)
        .where(eq(signedDocuments.ceremonyId, ceremony.id))
        .orderBy(asc(signedDocuments.id));
      return { status: 'SIGNED', signedDocumentIds: signed.map((row) => row.id), ...base };
    }
    case 'FAILED':
      return { status: 'FAILED', errorCode: ceremony.failureCode ?? 'SIGN_AUTHORIZED_USER_ERROR', ...base };
    default:
      throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  }
}
