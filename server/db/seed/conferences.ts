import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { conferences, users } from '../schema';

/**
 * One ACCEPTED conference between dott.ferrari and mario.rossi, so the in-portal call can be tried in
 * the demo (and by e2e/conference-call.spec.ts) without requesting one first.
 */
export async function seedConferences(db: Database): Promise<void> {
  const rows = await db
    .select({ id: users.id, username: users.username, patientId: users.patientId })
    .from(users)
    .where(inArray(users.username, ['dott.ferrari', 'mario.rossi']));
  const physician = rows.find((row) => row.username === 'dott.ferrari');
  const patient = rows.find((row) => row.username === 'mario.rossi');
  if (!physician || !patient?.patientId) return;
  const now = new Date();
  await db.insert(conferences).values({
    patientId: patient.patientId,
    requestedByUserId: physician.id,
    inviteeUserId: patient.id,
    room: randomBytes(16).toString('base64url'),
    state: 'ACCEPTED',
    createdAt: new Date(now.getTime() - 60 * 60_000),
    answeredAt: new Date(now.getTime() - 30 * 60_000),
  });
}
