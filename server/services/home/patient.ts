import { and, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { GUEST_ENDING_DAYS, type PatientHome } from '../../../src/contract';
import type { Database } from '../../db/client';
import { documentRequests, documents, guests, type UserRow, uploadedDocuments, users } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import { deadlineDay } from '../accounts/guest-grants';
import { listConsents, notificationOf } from '../consents/records';
import type { Language } from '../language';
import { visibleToCondition } from '../obscuring/visibility';
import { planToRead } from '../pair/records';
import { projectsEndedSince } from '../projects/ended';
import { unseenReviewsOf } from '../uploads/rules';
import { sinceOf } from './since';

/** How many items each list of the home shows (the screen behind it has the rest). */
export const HOME_LIST_LIMIT = 5;
const OPEN_REQUEST_STATUSES = ['SUBMITTED', 'IN_PROGRESS', 'READY'];

const has = (user: UserRow, permission: string): boolean =>
  (user.permissions as readonly string[]).includes(permission);

async function openRequests(db: Database, patientId: number): Promise<PatientHome['requests']> {
  const rows = await db
    .select({
      id: documentRequests.id,
      kind: documentRequests.kind,
      status: documentRequests.status,
      createdAt: documentRequests.createdAt,
    })
    .from(documentRequests)
    .where(
      and(
        eq(documentRequests.patientId, patientId),
        isNull(documentRequests.deletedAt),
        inArray(documentRequests.status, OPEN_REQUEST_STATUSES),
      ),
    )
    // Ready to collect first: that is what the patient can act on.
    .orderBy(sql`${documentRequests.status} = 'READY' desc`, desc(documentRequests.updatedAt))
    .limit(HOME_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as PatientHome['requests'][number]['kind'],
    status: row.status as PatientHome['requests'][number]['status'],
    createdAt: row.createdAt.toISOString(),
  }));
}

async function reviewedUploads(db: Database, user: UserRow): Promise<PatientHome['uploadsReviewed']> {
  if (!has(user, 'perm.meview.customDocument.read')) return [];
  const rows = await db
    .select({
      id: uploadedDocuments.id,
      title: uploadedDocuments.title,
      status: uploadedDocuments.status,
      reviewedAt: uploadedDocuments.reviewedAt,
    })
    .from(uploadedDocuments)
    .where(unseenReviewsOf(user))
    .orderBy(desc(uploadedDocuments.reviewedAt))
    .limit(HOME_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status === 'VALIDATED' ? 'VALIDATED' : 'REJECTED',
    reviewedAt: (row.reviewedAt ?? new Date(0)).toISOString(),
  }));
}

/** Documents of the patient added after `since` that this caller may see (the dossier's own rule). */
export async function countNewDocuments(
  db: Database,
  user: UserRow,
  patientId: number,
  since: Date | null,
): Promise<number> {
  const conditions: (SQL | null)[] = [
    eq(documents.patientId, patientId),
    eq(documents.superseded, false),
    visibleToCondition(user),
    since ? gt(documents.createdAt, since) : null,
  ];
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(...conditions.filter((condition) => condition !== null)));
  return row?.count ?? 0;
}

async function guestsEnding(
  db: Database,
  patientId: number,
  now: Date,
): Promise<PatientHome['guestsEnding']> {
  const horizon = new Date(now.getTime() + GUEST_ENDING_DAYS * 24 * 3600_000);
  const rows = await db
    .select({ guestId: guests.id, name: users.displayName, deadline: guests.deadline })
    .from(guests)
    .innerJoin(users, eq(users.id, guests.guestUserId))
    .where(
      and(
        eq(guests.patientId, patientId),
        isNull(guests.revokedAt),
        gt(guests.deadline, now),
        lte(guests.deadline, horizon),
      ),
    )
    .orderBy(guests.deadline)
    .limit(HOME_LIST_LIMIT);
  return rows.map((row) => ({ guestId: row.guestId, name: row.name, lastDay: deadlineDay(row.deadline) }));
}

/** The patient's home: the gate first (audited like any read of the record), then what waits. */
export async function patientHome(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
  now: Date,
): Promise<PatientHome> {
  await authorizePatientAccess(db, user, patientId, 'PATIENT_READ', { detail: 'home' });
  const since = sinceOf(user, now);
  const consents = has(user, 'perm.meview.consent.read')
    ? notificationOf(await listConsents(db, user, patientId, language, now)).count
    : 0;
  return {
    role: 'PATIENT',
    patientId,
    since: since.toISOString(),
    consentsToSign: consents,
    requests: await openRequests(db, patientId),
    uploadsReviewed: await reviewedUploads(db, user),
    newDocuments: await countNewDocuments(db, user, patientId, since),
    guestsEnding: await guestsEnding(db, patientId, now),
    pairToRead: await planToRead(db, patientId, now),
    projectsEnded:
      user.userType === 'PAT' ? await projectsEndedSince(db, patientId, since, HOME_LIST_LIMIT) : [],
  };
}
