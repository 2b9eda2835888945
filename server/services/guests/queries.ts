import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Guest, GuestGrant, GuestList, GuestRelationship, GuestRight } from '../../../src/contract';
import type { Database } from '../../db/client';
import { guestDocuments, guests, patients, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { activeGrantCondition, deadlineDay } from '../accounts/guest-grants';
import { endAppGrantsOfGuestGrant } from '../apps/grants';
import type { Language } from '../language';
import { accessTitleOf } from './guests.data';

const documentIdsColumn = sql<
  number[] | null
>`(select array_agg(${guestDocuments.documentId} order by ${guestDocuments.documentId})
  from ${guestDocuments} where ${guestDocuments.guestId} = ${guests.id})`;

function selectGuests(db: Database, where: SQL) {
  return db
    .select({ guest: guests, user: users, documentIds: documentIdsColumn })
    .from(guests)
    .innerJoin(users, eq(users.id, guests.guestUserId))
    .where(where);
}
type GuestRowWithUser = Awaited<ReturnType<typeof selectGuests>>[number];

function toGuest(row: GuestRowWithUser, language: Language, now: Date): Guest {
  const { guest, user } = row;
  const rights = guest.rights as GuestRight[];
  const [name = user.displayName, ...rest] = user.displayName.split(' ');
  return {
    id: guest.id,
    patientId: guest.patientId,
    relationship: guest.relationship as GuestRelationship,
    accessTitle: accessTitleOf(guest.accessTitle, language),
    invitedAt: guest.invitedAt.toISOString(),
    deadline: deadlineDay(guest.deadline),
    status: guest.revokedAt ? 'revoked' : guest.deadline <= now ? 'expired' : 'active',
    rights,
    chatAccess: rights.includes('chat'),
    downloadAccess: rights.includes('download'),
    projectAccess: rights.includes('project'),
    documentIds: (row.documentIds ?? []).map(Number),
    person: {
      name,
      surname: rest.join(' '),
      fiscalCode: user.fiscalCode ?? '',
      mobilePhone: user.mobilePhone,
      email: user.email,
      username: user.username,
    },
  };
}

/** The patient's guests not revoked (active first by deadline, then expired), paged. */
export async function listGuests(
  db: Database,
  patientId: number,
  page: { max: number; offset: number },
  language: Language,
  now: Date = new Date(),
): Promise<GuestList> {
  const where = and(eq(guests.patientId, patientId), isNull(guests.revokedAt)) as SQL;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(guests)
    .where(where);
  const rows = await selectGuests(db, where)
    .orderBy(
      sql`${guests.deadline} <= ${now.toISOString()}::timestamptz`,
      desc(guests.invitedAt),
      desc(guests.id),
    )
    .limit(page.max)
    .offset(page.offset);
  return {
    guests: rows.map((row) => toGuest(row, language, now)),
    paging: { totalCount: total, totalPage: Math.ceil(total / page.max), max: page.max, offset: page.offset },
  };
}

/** One guest of this patient (revoked ones included, so a confirmation can show them); else 404. */
export async function getGuest(
  db: Database,
  patientId: number,
  guestId: number,
  language: Language,
  now: Date = new Date(),
): Promise<Guest> {
  const [row] = await selectGuests(db, and(eq(guests.id, guestId), eq(guests.patientId, patientId)) as SQL);
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return toGuest(row, language, now);
}

/** Revocation: effective on the guest's next request, whatever tokens they hold; so for their apps. */
export async function revokeGuest(
  db: Database,
  patientId: number,
  guestId: number,
  now: Date = new Date(),
): Promise<{ documentIds: number[] }> {
  const [revoked] = await db
    .update(guests)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(guests.id, guestId), eq(guests.patientId, patientId), isNull(guests.revokedAt)))
    .returning({ id: guests.id });
  if (!revoked) throw new HttpError(404, 'NOT_FOUND');
  await endAppGrantsOfGuestGrant(db, guestId);
  const shared = await db
    .select({ documentId: guestDocuments.documentId })
    .from(guestDocuments)
    .where(eq(guestDocuments.guestId, guestId));
  return { documentIds: shared.map((row) => row.documentId).sort((a, b) => a - b) };
}

/** For a guest: the live grants they hold (whose documents, until when, which rights). */
export async function grantsOf(
  db: Database,
  user: UserRow,
  language: Language,
  now: Date = new Date(),
): Promise<GuestGrant[]> {
  if (user.userType !== 'GUE') return [];
  const rows = await db
    .select({
      guest: guests,
      patientName: sql<string>`${patients.name} || ' ' || ${patients.surname}`,
      shared: sql<number>`(select count(*)::int from ${guestDocuments} where ${guestDocuments.guestId} = ${guests.id})`,
    })
    .from(guests)
    .innerJoin(patients, eq(patients.mepiId, guests.patientId))
    .where(
      and(
        // The active account's grant: a guest of two patients sees the other one after switching.
        activeGrantCondition(user),
        isNull(guests.revokedAt),
        sql`${guests.deadline} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(guests.invitedAt));
  return rows.map((row) => ({
    patientId: row.guest.patientId,
    patientName: row.patientName,
    relationship: row.guest.relationship as GuestRelationship,
    accessTitle: accessTitleOf(row.guest.accessTitle, language),
    deadline: deadlineDay(row.guest.deadline),
    rights: row.guest.rights as GuestRight[],
    sharedDocuments: Number(row.shared),
  }));
}

/** Replaces the documents shared by a grant. */
export async function replaceSharedDocuments(
  tx: Database,
  guestId: number,
  documentIds: readonly number[],
): Promise<void> {
  await tx.delete(guestDocuments).where(eq(guestDocuments.guestId, guestId));
  if (documentIds.length > 0)
    await tx.insert(guestDocuments).values(documentIds.map((documentId) => ({ guestId, documentId })));
}
