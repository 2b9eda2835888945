import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { UploadedDocumentList, UploadedDocumentListQuery } from '../../../src/contract';
import type { Database } from '../../db/client';
import { type UserRow, uploadedDocuments } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import { recordReadOfEach } from '../access/recorded';
import type { Language } from '../language';
import { queryUploads, toUploadedDocuments } from './records';
import { awaitingReviewBy, dossierConsentGiven, ownedBy, unseenReviewsOf, visibleToPhysician } from './rules';

/**
 * What a list covers. A patient: their own uploads. A physician with `patient`: that patient's uploads
 * they may see (access checked and audited). A physician without it: the uploads waiting for their
 * review and those they reviewed, of patients whose dossier consent is in force.
 */
async function scopeOf(
  db: Database,
  user: UserRow,
  role: 'PAT' | 'PHY',
  query: UploadedDocumentListQuery,
  now: Date,
): Promise<SQL> {
  if (role === 'PAT') {
    await authorizePatientAccess(db, user, query.patient ?? user.patientId ?? 0, 'UPLOAD_READ', {
      detail: 'uploads',
    });
    return ownedBy(user);
  }
  if (query.patient !== undefined) {
    await authorizePatientAccess(db, user, query.patient, 'UPLOAD_READ', { detail: 'uploads' });
    return and(eq(uploadedDocuments.patientId, query.patient), visibleToPhysician(user.id)) as SQL;
  }
  return and(
    dossierConsentGiven(now),
    or(awaitingReviewBy(user.id, now), eq(uploadedDocuments.reviewedByUserId, user.id)),
  ) as SQL;
}

/** Marks the owner's reviews as seen: opening the list is reading them (the notification drops). */
async function markReviewsSeen(db: Database, user: UserRow, now: Date): Promise<void> {
  await db.update(uploadedDocuments).set({ ownerSeenAt: now }).where(unseenReviewsOf(user));
}

export async function listUploads(
  db: Database,
  user: UserRow,
  role: 'PAT' | 'PHY',
  query: UploadedDocumentListQuery,
  language: Language,
): Promise<UploadedDocumentList> {
  const now = new Date();
  const scope = await scopeOf(db, user, role, query, now);
  const where = and(scope, query.status ? eq(uploadedDocuments.status, query.status) : undefined) as SQL;
  const rows = await queryUploads(db, where, { limit: query.max, offset: query.offset });
  if (role === 'PAT') await markReviewsSeen(db, user, now);
  else if (query.patient === undefined) {
    // A list across patients reads each patient's data: one audit row per patient on the page.
    await recordReadOfEach(
      db,
      user,
      new Set(rows.map((row) => row.upload.patientId)),
      'UPLOAD_READ',
      'uploads to review',
    );
  }
  const total = rows[0]?.total ?? (query.offset > 0 ? ((await queryUploads(db, where))[0]?.total ?? 0) : 0);
  return {
    documents: await toUploadedDocuments(db, rows, user, language),
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
}

/** The uploadedDocuments notification: a physician's uploads to review, a patient's unseen reviews. */
export async function uploadNotificationCount(db: Database, user: UserRow, now: Date): Promise<number> {
  if (!(user.permissions as readonly string[]).includes('perm.meview.customDocument.read')) return 0;
  let where: SQL | undefined;
  if (user.userType === 'PHY') where = awaitingReviewBy(user.id, now);
  else if (user.userType === 'PAT') where = unseenReviewsOf(user);
  if (!where) return 0;
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(uploadedDocuments).where(where);
  return row?.count ?? 0;
}
