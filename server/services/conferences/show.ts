import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ConferenceShow, OnlinePatients } from '../../../src/contract';
import type { Database } from '../../db/client';
import { conferences, consents, patients, projectMembers, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { projectConsentsInForce } from '../consents/in-project';
import { partyOf } from './list';
import { onlineAmong } from './presence';
import { assertJoinOpen } from './visits';

/** Participants listed at most by `onlinePatients`: a picker, not an export. */
const ONLINE_PATIENTS_MAX = 500;

/**
 * `GET /conferences/{id}/show`: where the call takes place, for either party of an accepted conference
 * not ended, once open (a booked visit: VISIT_JOIN_EARLY_MINUTES before its start). `videoUrlTemplate` (VIDEO_URL_TEMPLATE) points at an external room named after the
 * conference's unguessable room; without it the portal's own call page.
 */
export async function showConference(
  db: Database,
  user: UserRow,
  id: number,
  videoUrlTemplate: string | null,
): Promise<ConferenceShow> {
  const [row] = await db
    .select({
      state: conferences.state,
      endedAt: conferences.endedAt,
      room: conferences.room,
      scheduledAt: conferences.scheduledAt,
    })
    .from(conferences)
    .where(and(eq(conferences.id, id), partyOf(user)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  if (row.state !== 'ACCEPTED' || row.endedAt !== null) throw new HttpError(409, 'CONFERENCE_NOT_ACTIVE');
  assertJoinOpen(row.scheduledAt);
  return {
    url: videoUrlTemplate
      ? videoUrlTemplate.replaceAll('{room}', encodeURIComponent(row.room))
      : `/videoconference/${id}/call`,
  };
}

/**
 * `GET /conferences/onlinePatients/{projectId}`: the participants (project consent in force) of a
 * project the physician runs who have a portal account, online ones first, then by name. A project
 * the caller does not run is a 404, as one that does not exist.
 */
export async function onlinePatients(
  db: Database,
  user: UserRow,
  projectId: number,
  now: Date = new Date(),
): Promise<OnlinePatients> {
  if (user.userType !== 'PHY') throw new HttpError(403, 'ACCESS_DENIED');
  const [member] = await db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
  if (!member) throw new HttpError(404, 'NOT_FOUND');
  const candidates = await db
    .selectDistinct({ id: consents.patientId })
    .from(consents)
    .where(eq(consents.projectId, projectId));
  // The participation rule every area uses, on the patients this project ever had a consent of.
  const inForce = candidates.length
    ? await db
        .selectDistinct({ id: consents.patientId })
        .from(consents)
        .where(
          and(
            eq(consents.projectId, projectId),
            projectConsentsInForce(
              candidates.map((row) => row.id),
              now,
            ),
          ),
        )
    : [];
  if (inForce.length === 0) return { patients: [] };
  const rows = await db
    .select({ id: patients.mepiId, name: patients.name, surname: patients.surname, userId: users.id })
    .from(patients)
    .innerJoin(
      users,
      and(eq(users.patientId, patients.mepiId), eq(users.userType, 'PAT'), eq(users.enabled, true)),
    )
    .where(
      inArray(
        patients.mepiId,
        inForce.map((row) => row.id),
      ),
    )
    .orderBy(asc(patients.surname), asc(patients.name))
    .limit(ONLINE_PATIENTS_MAX);
  const online = await onlineAmong(
    db,
    rows.map((row) => row.userId),
    now,
  );
  const list = rows.map((row) => ({
    id: row.id,
    displayName: `${row.name} ${row.surname}`,
    online: online.has(row.userId),
  }));
  return { patients: [...list.filter((p) => p.online), ...list.filter((p) => !p.online)] };
}
