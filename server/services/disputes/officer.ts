import { and, asc, eq } from 'drizzle-orm';
import type { Dispute, DisputeAnswer, DisputeQueue } from '../../../src/contract';
import type { Database } from '../../db/client';
import { accessDisputes, auditLog, notificationOutbox, patients, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordReadOfEach, recordWrite } from '../access/recorded';
import { accessLabels } from '../history-labels';
import type { Language } from '../language';
import { toDispute } from './report';

/** The privacy officer is the administrator: the role that already answers for the portal's accounts. */
function assertOfficer(user: UserRow): void {
  if (user.userType !== 'ADM') throw new HttpError(403, 'ACCESS_DENIED');
}

/**
 * The open reports, oldest first, with the facts of each access. Reading them is reading those
 * patients' trail: one audit row per patient listed.
 */
export async function disputeQueue(
  db: Database,
  officer: UserRow,
  language: Language,
): Promise<DisputeQueue> {
  assertOfficer(officer);
  const rows = await db
    .select({ dispute: accessDisputes, access: auditLog, name: patients.name, surname: patients.surname })
    .from(accessDisputes)
    .innerJoin(auditLog, eq(auditLog.id, accessDisputes.auditId))
    .innerJoin(patients, eq(patients.mepiId, accessDisputes.patientId))
    .where(eq(accessDisputes.state, 'OPEN'))
    .orderBy(asc(accessDisputes.createdAt), asc(accessDisputes.id))
    .limit(200);
  await recordReadOfEach(
    db,
    officer,
    new Set(rows.map((row) => row.dispute.patientId)),
    'DISPUTE_READ',
    'dispute queue',
  );
  return {
    items: rows.map(({ dispute, access, name, surname }) => ({
      ...toDispute(dispute),
      patientId: dispute.patientId,
      patientName: `${surname} ${name}`,
      access: {
        dateTime: access.at.toISOString(),
        userName: access.userName,
        ...accessLabels(access, language),
        documentId: access.documentId,
        detail: access.detail,
      },
    })),
  };
}

/**
 * Answers an open report and closes it as justified or as a violation, once: a report already closed
 * answers 409. The answer is in the patient's trail, and their accounts are told at once.
 */
export async function answerDispute(
  db: Database,
  officer: UserRow,
  id: number,
  input: DisputeAnswer,
  now: Date,
): Promise<Dispute> {
  assertOfficer(officer);
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(accessDisputes)
      .set({ state: input.state, answer: input.answer, answeredBy: officer.id, answeredAt: now })
      .where(and(eq(accessDisputes.id, id), eq(accessDisputes.state, 'OPEN')))
      .returning();
    if (!closed) {
      const [exists] = await tx
        .select({ id: accessDisputes.id })
        .from(accessDisputes)
        .where(eq(accessDisputes.id, id));
      throw exists ? new HttpError(409, 'DISPUTE_CLOSED') : new HttpError(404, 'NOT_FOUND');
    }
    await recordWrite(tx, officer, closed.patientId, 'DISPUTE_ANSWER', {
      detail: `dispute ${closed.id} ${input.state}`,
    });
    const accounts = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.patientId, closed.patientId), eq(users.userType, 'PAT'), eq(users.enabled, true)));
    if (accounts.length > 0)
      await tx.insert(notificationOutbox).values(
        accounts.map((account) => ({
          userId: account.id,
          event: 'ACCESS_DISPUTE_ANSWERED',
          link: `/datahistory/${closed.patientId}`,
          createdAt: now,
          dueAt: now,
        })),
      );
    return toDispute(closed);
  });
}
