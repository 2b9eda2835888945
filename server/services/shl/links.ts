import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ShlLink, ShlState } from '../../../src/contract/shl';
import { SHL_PASSCODE_ATTEMPTS } from '../../../src/contract/shl';
import type { Database } from '../../db/client';
import { shlFiles, shlLinks, shlOpens } from '../../db/schema';
import { encryptFile } from './encrypt';
import { encodeShlink, manifestUrl, random256 } from './payload';

/** A file to share, before encryption. */
export interface ShlFileInput {
  contentType: 'application/fhir+json';
  content: unknown;
}

export interface NewLink {
  patientId: number;
  createdBy: number;
  label: string;
  passcodeHash: string | null;
  expiresAt: Date;
  withSummary: boolean;
  documentCount: number;
  files: readonly ShlFileInput[];
}

/**
 * Makes the link: a fresh key encrypts the files, the ciphertext is stored, and the key leaves in the
 * `shlink:/` only (the server cannot read a link's files afterwards, nor can anyone who steals the database).
 */
export async function createLink(
  db: Database,
  link: NewLink,
  where: { publicUrl: string; apiBase: string },
): Promise<{ id: number; shlink: string }> {
  const key = random256();
  const keyBytes = Buffer.from(key, 'base64url');
  const encrypted = await Promise.all(
    link.files.map(async (file) => ({
      contentType: file.contentType,
      jwe: await encryptFile(keyBytes, file.contentType, file.content),
    })),
  );
  keyBytes.fill(0);
  const manifestId = random256();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shlLinks)
      .values({
        manifestId,
        patientId: link.patientId,
        createdBy: link.createdBy,
        label: link.label,
        passcodeHash: link.passcodeHash,
        remainingAttempts: SHL_PASSCODE_ATTEMPTS,
        expiresAt: link.expiresAt,
        withSummary: link.withSummary,
        documentCount: link.documentCount,
      })
      .returning({ id: shlLinks.id });
    if (!row) throw new Error('the link was not stored');
    if (encrypted.length > 0)
      await tx.insert(shlFiles).values(encrypted.map((file) => ({ linkId: row.id, ...file })));
    return row.id;
  });
  const flag = link.passcodeHash ? 'P' : undefined;
  const shlink = encodeShlink({
    url: manifestUrl(where.publicUrl, where.apiBase, manifestId),
    key,
    exp: Math.floor(link.expiresAt.getTime() / 1000),
    ...(flag ? { flag } : {}),
    label: link.label,
    v: 1,
  });
  return { id, shlink };
}

type LinkRow = typeof shlLinks.$inferSelect;

/** What the patient sees of a link: dead links stay listed, with why. */
export function stateOf(
  link: Pick<LinkRow, 'revokedAt' | 'remainingAttempts' | 'expiresAt'>,
  now: Date,
): ShlState {
  if (link.revokedAt) return 'revoked';
  if (link.remainingAttempts <= 0) return 'locked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The patient's links, newest first, each with its opens (newest first). */
export async function listLinks(db: Database, patientId: number, now: Date): Promise<ShlLink[]> {
  const links = await db
    .select()
    .from(shlLinks)
    .where(eq(shlLinks.patientId, patientId))
    .orderBy(desc(shlLinks.createdAt), desc(shlLinks.id));
  if (links.length === 0) return [];
  const opens = await db
    .select()
    .from(shlOpens)
    .where(
      inArray(
        shlOpens.linkId,
        links.map((link) => link.id),
      ),
    )
    .orderBy(desc(shlOpens.openedAt), desc(shlOpens.id));
  return links.map((link) => ({
    id: link.id,
    label: link.label,
    state: stateOf(link, now),
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    withPasscode: link.passcodeHash !== null,
    withSummary: link.withSummary,
    documentCount: link.documentCount,
    remainingAttempts: link.remainingAttempts,
    opens: opens
      .filter((open) => open.linkId === link.id)
      .map((open) => ({ recipient: open.recipient, openedAt: open.openedAt.toISOString() })),
  }));
}

/** The link's patient and maker, to decide who may revoke it; null when there is no such link. */
export async function findLink(
  db: Database,
  id: number,
): Promise<Pick<LinkRow, 'id' | 'patientId' | 'createdBy' | 'label'> | null> {
  const [row] = await db
    .select({
      id: shlLinks.id,
      patientId: shlLinks.patientId,
      createdBy: shlLinks.createdBy,
      label: shlLinks.label,
    })
    .from(shlLinks)
    .where(eq(shlLinks.id, id));
  return row ?? null;
}

/** Revokes at once: the next manifest request (on any process) reads the row and answers 404. */
export async function revokeLink(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(shlLinks)
    .set({ revokedAt: now })
    .where(and(eq(shlLinks.id, id), isNull(shlLinks.revokedAt)));
}
