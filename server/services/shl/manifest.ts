import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ShlManifestRequest } from '../../../src/contract/shl';
import type { Database } from '../../db/client';
import { shlFiles, shlLinks, shlOpens } from '../../db/schema';
import { verifyPassword } from '../password';

type LinkRow = typeof shlLinks.$inferSelect;

/** A link that still answers: not revoked, not expired, not locked by wrong passcodes. */
const alive = (now: Date) =>
  and(isNull(shlLinks.revokedAt), gt(shlLinks.expiresAt, now), gt(shlLinks.remainingAttempts, 0));

export type ManifestOutcome =
  | { kind: 'gone' }
  | { kind: 'wrongPasscode'; remainingAttempts: number }
  | {
      kind: 'open';
      link: Pick<LinkRow, 'id' | 'patientId' | 'createdBy' | 'label'>;
      files: { id: number; contentType: string; jwe: string; createdAt: Date }[];
    };

/**
 * A passcode attempt takes one of the link's lifetime attempts before the passcode is checked, in one
 * atomic UPDATE, and a right passcode gives it back: 30 parallel guesses can never spend more attempts
 * than the link has, nor be checked once the budget is gone (that answer is 404, like any dead link).
 */
async function spendAttempt(db: Database, linkId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(shlLinks)
    .set({ remainingAttempts: sql`${shlLinks.remainingAttempts} - 1` })
    .where(and(eq(shlLinks.id, linkId), alive(now)))
    .returning({ remaining: shlLinks.remainingAttempts });
  return row ? row.remaining : null;
}

async function refundAttempt(db: Database, linkId: number): Promise<void> {
  await db
    .update(shlLinks)
    .set({ remainingAttempts: sql`${shlLinks.remainingAttempts} + 1` })
    .where(eq(shlLinks.id, linkId));
}

/** The manifest request (SMART Health Links): the files of a live link, after its passcode if it has one. */
export async function openManifest(
  db: Database,
  manifestId: string,
  request: ShlManifestRequest,
  now: Date,
): Promise<ManifestOutcome> {
  const [link] = await db
    .select()
    .from(shlLinks)
    .where(and(eq(shlLinks.manifestId, manifestId), alive(now)));
  if (!link) return { kind: 'gone' };
  if (link.passcodeHash !== null) {
    const remaining = await spendAttempt(db, link.id, now);
    if (remaining === null) return { kind: 'gone' };
    const right =
      request.passcode !== undefined && (await verifyPassword(request.passcode, link.passcodeHash));
    if (!right) return { kind: 'wrongPasscode', remainingAttempts: remaining };
    await refundAttempt(db, link.id);
  }
  // Revoked between the two reads: the revocation wins.
  const files = await db.transaction(async (tx) => {
    const [still] = await tx
      .select({ id: shlLinks.id })
      .from(shlLinks)
      .where(and(eq(shlLinks.id, link.id), isNull(shlLinks.revokedAt)));
    if (!still) return null;
    await tx.insert(shlOpens).values({ linkId: link.id, recipient: request.recipient, openedAt: now });
    return tx
      .select({
        id: shlFiles.id,
        contentType: shlFiles.contentType,
        jwe: shlFiles.jwe,
        createdAt: shlFiles.createdAt,
      })
      .from(shlFiles)
      .where(eq(shlFiles.linkId, link.id))
      .orderBy(shlFiles.id);
  });
  if (!files) return { kind: 'gone' };
  return {
    kind: 'open',
    link: { id: link.id, patientId: link.patientId, createdBy: link.createdBy, label: link.label },
    files,
  };
}

/** A file behind a `location` URL, if its link still answers. */
export async function liveFile(db: Database, fileId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ jwe: shlFiles.jwe })
    .from(shlFiles)
    .innerJoin(shlLinks, eq(shlLinks.id, shlFiles.linkId))
    .where(and(eq(shlFiles.id, fileId), alive(now)));
  return row?.jwe ?? null;
}
