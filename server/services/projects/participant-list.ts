import { and, asc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type {
  ProjectParticipantList,
  ProjectParticipantQuery,
  ProjectParticipantState,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, patients, projects, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertCanListPatients, recordPatientsListed } from '../access/gate';
import { isProjectMember } from './read';

/** Each state as a condition on the project's current consents (the one meaning of "participating"). */
function stateCondition(state: ProjectParticipantState, now: Date): SQL {
  const given = and(eq(consents.statusCode, 'GIVEN'), isNull(consents.revokedAt));
  switch (state) {
    case 'participating':
      return and(given, or(isNull(consents.expiresAt), gt(consents.expiresAt, now))) as SQL;
    case 'expired':
      return and(given, lte(consents.expiresAt, now)) as SQL;
    case 'invited':
      return eq(consents.statusCode, 'INVITE');
  }
}

const STATES: readonly ProjectParticipantState[] = ['participating', 'invited', 'expired'];

/**
 * `GET /projects/{id}/participants`: the project's participants and invited patients with
 * their state, a page at a time, participants first. Only its members (and administrators) list them,
 * as only they read its counts; every listed patient's history shows the list (PATIENT_LIST).
 */
export async function projectParticipants(
  db: Database,
  user: UserRow,
  projectId: number,
  query: ProjectParticipantQuery,
  now: Date = new Date(),
): Promise<ProjectParticipantList> {
  assertCanListPatients(user);
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new HttpError(404, 'NOT_FOUND');
  if (user.userType !== 'ADM' && !(await isProjectMember(db, user, projectId)))
    throw new HttpError(403, 'PROJECT_NOT_MEMBER');
  const states = query.state ? [query.state] : STATES;
  const stateOf = sql<ProjectParticipantState>`case ${sql.join(
    states.map((state) => sql`when ${stateCondition(state, now)} then ${state}`),
    sql` `,
  )} end`;
  const where = and(
    eq(consents.projectId, projectId),
    eq(consents.superseded, false),
    or(...states.map((state) => stateCondition(state, now))),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        patientId: patients.mepiId,
        name: patients.name,
        surname: patients.surname,
        birthDate: patients.birthDate,
        state: stateOf,
        signedAt: consents.signedAt,
        createdAt: consents.createdAt,
        expiresAt: consents.expiresAt,
      })
      .from(consents)
      .innerJoin(patients, eq(patients.mepiId, consents.patientId))
      .where(where)
      .orderBy(
        sql`array_position(array['participating','invited','expired'], ${stateOf})`,
        asc(patients.surname),
        asc(patients.name),
        asc(patients.mepiId),
      )
      .limit(query.max)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(consents).where(where),
  ]);
  await recordPatientsListed(
    db,
    user,
    rows.map((row) => row.patientId),
    'PATIENT_LIST',
    `project ${project.code} participants`,
    now,
  );
  const total = count?.total ?? 0;
  return {
    participants: rows.map(({ signedAt, createdAt, expiresAt, ...row }) => ({
      ...row,
      since:
        (row.state === 'participating'
          ? signedAt
          : row.state === 'invited'
            ? createdAt
            : expiresAt
        )?.toISOString() ?? null,
    })),
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
}
