import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { publishLive } from '../live/publish';

/** The patients' own accounts (and these staff) hear that their survey lists and counts changed. */
export async function announceToPatients(
  tx: Database,
  patientIds: number[],
  staffIds: number[],
): Promise<void> {
  const accounts =
    patientIds.length === 0
      ? []
      : await tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.patientId, patientIds), eq(users.userType, 'PAT')));
  const userIds = [...accounts.map((a) => a.id), ...staffIds];
  if (userIds.length > 0) await publishLive(tx, { topics: ['surveys'], userIds });
}
