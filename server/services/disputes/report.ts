import { desc, eq } from 'drizzle-orm';
import type { Dispute, DisputeInput, DisputeState, MyDisputes } from '../../../src/contract';
import type { Database } from '../../db/client';
import { accessDisputes, auditLog, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordRefusal, recordWrite } from '../access/recorded';

type DisputeRow = typeof accessDisputes.$inferSelect;

export const toDispute = (row: DisputeRow): Dispute => ({
  id: row.id,
  auditId: row.auditId,
  state: row.state as DisputeState,
  comment: row.comment,
  answer: row.answer,
  createdAt: row.createdAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

/**
 * A patient reports an access in their own treatment history that they do not recognise. Once per audit
 * row: the unique key decides between parallel reports, and the loser answers 409. Their own accesses are
 * not theirs to dispute. The report is itself a row of the trail, written in the same transaction.
 */
export async function reportAccess(db: Database, user: UserRow, input: DisputeInput): Promise<Dispute> {
  const [row] = await db
    .select({ patientId: auditLog.patientId, userId: auditLog.userId })
    .from(auditLog)
    .where(eq(auditLog.id, input.auditId));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  if (user.userType !== 'PAT' || user.patientId !== row.patientId) {
    await recordRefusal(db, user, row.patientId, 'DISPUTE_WRITE', { detail: `audit ${input.auditId}` });
    throw new HttpError(403, 'ACCESS_DENIED');
  }
  if (row.userId === user.id)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'auditId', code: 'invalid' }]);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(accessDisputes)
      .values({
        auditId: input.auditId,
        patientId: row.patientId,
        reportedBy: user.id,
        comment: input.comment ? input.comment : null,
      })
      .onConflictDoNothing({ target: accessDisputes.auditId })
      .returning();
    if (!made) throw new HttpError(409, 'DISPUTE_EXISTS');
    await recordWrite(tx, user, row.patientId, 'DISPUTE_WRITE', { detail: `dispute ${made.id}` });
    return toDispute(made);
  });
}

/** The patient's own reports with their state and the officer's answer; the history shows them per row. */
export async function myDisputes(db: Database, user: UserRow): Promise<MyDisputes> {
  if (user.userType !== 'PAT' || user.patientId === null) return { disputes: [] };
  const rows = await db
    .select()
    .from(accessDisputes)
    .where(eq(accessDisputes.patientId, user.patientId))
    .orderBy(desc(accessDisputes.createdAt), desc(accessDisputes.id));
  return { disputes: rows.map(toDispute) };
}
