import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { CeremonyKind } from '../../../src/contract';
import type { Database } from '../../db/client';
import { signatureCeremonies, tempDocuments, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';

/** How long prepared documents wait for their signature. */
export const CEREMONY_TTL_MS = 60 * 60 * 1000;

type StoredCeremony = typeof signatureCeremonies.$inferSelect;
/** A ceremony as the signing service reads it: the kind column is plain text, checked against the picklist. */
export type CeremonyRow = Omit<StoredCeremony, 'kind'> & { kind: CeremonyKind };

/** A stored ceremony with its kind checked: an unknown kind is a broken row, never something to sign. */
export function asCeremony(row: StoredCeremony): CeremonyRow {
  return { ...row, kind: v.parse(CeremonyKind, row.kind) };
}

/** A document of an open ceremony, waiting for its signature. */
export type TempDocument = typeof tempDocuments.$inferSelect;

/** A document rendered for signature; `subject` lets the effect find it again (e.g. the consent code). */
export interface DocumentToSign {
  title: string;
  subject?: string;
  pdf: Uint8Array;
}

/** A signed document of a completed ceremony, as the effect receives it. */
export interface SignedOutput {
  tempDocumentId: number;
  signedDocumentId: number;
  subject: string | null;
  title: string;
}

/**
 * What a successful signature does (record a consent, obscure documents, save a guest…), one per kind in
 * server/ceremony-effects.ts. It runs in the same transaction that stores the signed PDFs: either both happen or neither.
 */
export type CeremonyEffect = (
  tx: Database,
  ceremony: CeremonyRow,
  signed: readonly SignedOutput[],
) => Promise<void>;

/** The effect of each ceremony kind; the table itself is built at the composition root (server/ceremony-effects.ts). */
export type CeremonyEffects = Readonly<Record<CeremonyKind, CeremonyEffect>>;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores the documents to sign and what to do once signed; returns the temp documents' ids. */
export async function prepareCeremony(
  db: Database,
  input: {
    user: Pick<UserRow, 'id'>;
    patientId: number | null;
    kind: CeremonyKind;
    effect: unknown;
    signer?: unknown;
    documents: readonly DocumentToSign[];
    now?: Date;
  },
): Promise<{ ceremonyId: string; documentIds: number[] }> {
  if (input.documents.length === 0) throw new HttpError(400, 'SIGN_PREPARE_ERROR');
  const now = input.now ?? new Date();
  const ceremonyId = randomUUID();
  const documentIds = await db.transaction(async (tx) => {
    await tx.insert(signatureCeremonies).values({
      id: ceremonyId,
      userId: input.user.id,
      patientId: input.patientId,
      kind: input.kind,
      effect: input.effect ?? {},
      signer: input.signer ?? {},
      createdAt: now,
      expiresAt: new Date(now.getTime() + CEREMONY_TTL_MS),
    });
    const rows = await tx
      .insert(tempDocuments)
      .values(
        input.documents.map((document) => ({
          ceremonyId,
          title: document.title,
          subject: document.subject ?? null,
          pdf: document.pdf,
          sha256: sha256Hex(document.pdf),
        })),
      )
      .returning({ id: tempDocuments.id });
    return rows.map((row) => row.id);
  });
  return { ceremonyId, documentIds };
}

/**
 * The open ceremony of this user that holds exactly these temp documents; anything else (someone
 * else's, expired, already signed, documents of two ceremonies) is 'Contesto di firma non valido'.
 */
export async function findOpenCeremony(
  db: Database,
  user: Pick<UserRow, 'id'>,
  documentIds: readonly number[],
  now: Date = new Date(),
): Promise<{ ceremony: CeremonyRow; documents: TempDocument[] }> {
  if (documentIds.length === 0) throw new HttpError(400, 'SIGN_CONTEXT_INVALID');
  const documents = await db
    .select()
    .from(tempDocuments)
    .where(inArray(tempDocuments.id, [...documentIds]));
  const ceremonyIds = new Set(documents.map((document) => document.ceremonyId));
  const [ceremonyId] = [...ceremonyIds];
  if (documents.length !== new Set(documentIds).size || ceremonyIds.size !== 1 || !ceremonyId)
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  const [stored] = await db
    .select()
    .from(signatureCeremonies)
    .where(and(eq(signatureCeremonies.id, ceremonyId), eq(signatureCeremonies.userId, user.id)));
  const ceremony = stored && asCeremony(stored);
  if (!ceremony || ceremony.completedAt || ceremony.expiresAt <= now || isClosed(ceremony.status))
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  const all = await db
    .select({ id: tempDocuments.id })
    .from(tempDocuments)
    .where(eq(tempDocuments.ceremonyId, ceremonyId));
  if (all.length !== documents.length) throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  documents.sort((a, b) => a.id - b.id);
  return { ceremony, documents };
}

/**
 * The SIGNED ceremony of `kind` of this user that produced these temp documents: what a confirmation after
 * the signature (obscuring, guests) reads back. Anything else is 'Contesto di firma non valido'.
 */
export async function findSignedCeremony(
  db: Database,
  user: Pick<UserRow, 'id'>,
  tempIds: readonly number[],
  kind: CeremonyKind,
): Promise<CeremonyRow> {
  const temp = await db
    .select({ ceremonyId: tempDocuments.ceremonyId })
    .from(tempDocuments)
    .where(inArray(tempDocuments.id, [...tempIds]));
  const ceremonyIds = [...new Set(temp.map((row) => row.ceremonyId))];
  const [ceremonyId] = ceremonyIds;
  if (temp.length !== new Set(tempIds).size || ceremonyIds.length !== 1 || !ceremonyId)
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  const [ceremony] = await db
    .select()
    .from(signatureCeremonies)
    .where(and(eq(signatureCeremonies.id, ceremonyId), eq(signatureCeremonies.userId, user.id)));
  if (!ceremony || ceremony.kind !== kind || ceremony.status !== 'SIGNED')
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  return asCeremony(ceremony);
}

function isClosed(status: string): boolean {
  return status === 'SIGNED' || status === 'FAILED' || status === 'CANCELLED' || status === 'EXPIRED';
}

/** Digest binding a one-time code to the ceremony and the exact bytes it signs. */
export function ceremonyBinding(
  ceremony: Pick<CeremonyRow, 'id'>,
  documents: readonly { sha256: string }[],
): string {
  return createHash('sha256')
    .update([ceremony.id, ...documents.map((document) => document.sha256)].join(':'))
    .digest('hex');
}
