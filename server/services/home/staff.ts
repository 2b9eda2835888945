import { desc, eq, sql } from 'drizzle-orm';
import type { StaffHome } from '../../../src/contract';
import type { Database } from '../../db/client';
import { patients, type UserRow, uploadedDocuments } from '../../db/schema';
import { recordReadOfEach } from '../access/recorded';
import { awaitingReviewBy } from '../uploads/rules';
import { HOME_LIST_LIMIT } from './patient';

/**
 * Staff: the patients waiting on them. Today that is a physician's uploads to approve (the same rule as
 * the "Da approvare" list); each patient listed is audited as the uploads list does.
 */
export async function staffHome(db: Database, user: UserRow, now: Date): Promise<StaffHome> {
  const canReview =
    user.userType === 'PHY' &&
    (user.permissions as readonly string[]).includes('perm.meview.customDocument.read');
  if (!canReview) return { role: 'STAFF', uploadsToReview: 0, waitingPatients: [] };
  const count = sql<number>`count(*)::int`;
  const rows = await db
    .select({
      patientId: uploadedDocuments.patientId,
      patientName: sql<string>`${patients.name} || ' ' || ${patients.surname}`,
      uploads: count,
      total: sql<number>`(sum(count(*)) over ())::int`,
    })
    .from(uploadedDocuments)
    .innerJoin(patients, eq(patients.mepiId, uploadedDocuments.patientId))
    .where(awaitingReviewBy(user.id, now))
    .groupBy(uploadedDocuments.patientId, patients.name, patients.surname)
    .orderBy(desc(count), uploadedDocuments.patientId)
    .limit(HOME_LIST_LIMIT);
  await recordReadOfEach(
    db,
    user,
    rows.map((row) => row.patientId),
    'UPLOAD_READ',
    'home: uploads to review',
  );
  return {
    role: 'STAFF',
    uploadsToReview: rows[0]?.total ?? 0,
    waitingPatients: rows.map((row) => ({
      patientId: row.patientId,
      patientName: row.patientName,
      uploadsToReview: row.uploads,
    })),
  };
}
