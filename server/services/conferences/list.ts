import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Conference,
  type ConferenceList,
  type ConferenceListQuery,
  type OnlineUsers,
  visitJoinOpensAt,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { conferences, patients, type UserRow, users } from '../../db/schema';
import type { Language } from '../language';
import { onlineAmong } from './presence';
import { canInvite } from './relation';
import { isJoinOpen } from './visits';

const requester = alias(users, 'requester');
const invitee = alias(users, 'invitee');

/** Still to answer or to hold. */
export const ACTIVE_STATES = ['INVITED', 'ACCEPTED'] as const;
const PAST_STATES = ['REJECTED', 'ENDED'] as const;

/**
 * The conferences a user is a party of: the ones they requested, or the ones their patient account is
 * invited to. Guests are parties of none (decisions.md: a call is between the care team and the patient).
 */
export function partyOf(user: UserRow): SQL {
  return or(eq(conferences.requestedByUserId, user.id), eq(conferences.inviteeUserId, user.id)) as SQL;
}

const columns = {
  conference: conferences,
  patientName: patients.name,
  patientSurname: patients.surname,
  requesterName: requester.displayName,
  inviteeName: invitee.displayName,
};

function selectConferences(db: Database) {
  return db
    .select(columns)
    .from(conferences)
    .innerJoin(patients, eq(patients.mepiId, conferences.patientId))
    .innerJoin(requester, eq(requester.id, conferences.requestedByUserId))
    .innerJoin(invitee, eq(invitee.id, conferences.inviteeUserId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectConferences>['execute']>>[number];

function toConference(row: Row, user: UserRow, online: Set<number>, now: Date): Conference {
  const c = row.conference;
  const other = c.requestedByUserId === user.id ? c.inviteeUserId : c.requestedByUserId;
  return {
    id: c.id,
    state: c.state as Conference['state'],
    patient: { id: c.patientId, displayName: `${row.patientName} ${row.patientSurname}` },
    requester: { id: c.requestedByUserId, displayName: row.requesterName },
    invitee: { id: c.inviteeUserId, displayName: row.inviteeName },
    canAnswer: c.state === 'INVITED' && c.inviteeUserId === user.id,
    canJoin: c.state === 'ACCEPTED' && c.endedAt === null && isJoinOpen(c.scheduledAt, now),
    otherOnline: online.has(other),
    rejectionReason: c.rejectionReason,
    scheduledAt: c.scheduledAt?.toISOString() ?? null,
    joinOpensAt: c.scheduledAt ? visitJoinOpensAt(c.scheduledAt).toISOString() : null,
    createdAt: c.createdAt.toISOString(),
    answeredAt: c.answeredAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
  };
}

/** `GET /conferences`: one scope (active or past) of the caller's conferences, newest first. */
export async function listConferences(
  db: Database,
  user: UserRow,
  query: ConferenceListQuery,
  language: Language,
  now: Date = new Date(),
): Promise<ConferenceList> {
  const states = query.scope === 'active' ? ACTIVE_STATES : PAST_STATES;
  const where = and(partyOf(user), inArray(conferences.state, [...states]));
  const rows = await selectConferences(db)
    .where(where)
    .orderBy(desc(conferences.createdAt), desc(conferences.id))
    .limit(query.max)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(conferences).where(where);
  const others = rows.map((row) =>
    row.conference.requestedByUserId === user.id
      ? row.conference.inviteeUserId
      : row.conference.requestedByUserId,
  );
  const online = await onlineAmong(db, others);
  const totalCount = total?.n ?? 0;
  return {
    conferences: rows.map((row) => toConference(row, user, online, now)),
    paging: {
      totalCount,
      totalPage: Math.ceil(totalCount / query.max),
      max: query.max,
      offset: query.offset,
    },
    canInvite: canInvite(user, language),
  };
}

/** `GET /conferences/onlineUsers`: the other parties of the caller's active conferences who are online. */
export async function onlineUsers(db: Database, user: UserRow): Promise<OnlineUsers> {
  const rows = await selectConferences(db)
    .where(and(partyOf(user), inArray(conferences.state, [...ACTIVE_STATES])))
    .limit(500);
  const others = new Map<number, string>();
  for (const row of rows) {
    const c = row.conference;
    if (c.requestedByUserId === user.id) others.set(c.inviteeUserId, row.inviteeName);
    else others.set(c.requestedByUserId, row.requesterName);
  }
  const online = await onlineAmong(db, [...others.keys()]);
  return {
    users: [...others]
      .filter(([id]) => online.has(id))
      .map(([id, displayName]) => ({ id, displayName }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName)),
  };
}

/** The conferences notification count: requests waiting for the caller's answer. */
export async function conferenceNotificationCount(db: Database, user: UserRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conferences)
    .where(and(eq(conferences.inviteeUserId, user.id), eq(conferences.state, 'INVITED')));
  return row?.n ?? 0;
}
