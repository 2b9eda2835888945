import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { ParticipationFilter, PatientListQuery } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, patients, type UserRow, uploadedDocuments } from '../../db/schema';
import { HttpError } from '../../http-error';
import { projectConsentsInForce } from '../consents/in-project';
import { isProjectMember } from './read';

/** The listed patient takes part in the project now (the one predicate participation uses everywhere). */
function participates(projectId: number, now: Date): SQL {
  return sql`exists (select 1 from ${consents} where ${and(
    projectConsentsInForce(sql`(${patients.mepiId})`, now),
    eq(consents.projectId, projectId),
  )})`;
}

function invited(projectId: number): SQL {
  return sql`exists (select 1 from ${consents} where ${and(
    eq(consents.patientId, patients.mepiId),
    eq(consents.projectId, projectId),
    eq(consents.superseded, false),
    eq(consents.statusCode, 'INVITE'),
    isNotNull(consents.projectId),
  )})`;
}

function hasUploads(status: 'PENDING' | 'VALIDATED'): SQL {
  return sql`exists (select 1 from ${uploadedDocuments} where ${and(
    eq(uploadedDocuments.patientId, patients.mepiId),
    eq(uploadedDocuments.status, status),
  )})`;
}

/**
 * The patients the project has something with: taking part now, or invited. Written as one `IN` over the
 * project's consents so that the planner starts from them (a few), never from the patients (a million).
 */
function takingPartOrInvited(projectId: number, now: Date): SQL {
  return sql`${patients.mepiId} in (select ${consents.patientId} from ${consents} where ${and(
    eq(consents.projectId, projectId),
    or(
      projectConsentsInForce(sql`(${consents.patientId})`, now),
      and(eq(consents.superseded, false), eq(consents.statusCode, 'INVITE')),
    ),
  )})`;
}

/**
 * A participation filter as a condition on `patients`. `excluded`, for the filters that keep nearly every
 * patient (`neither`): the few it leaves out, so that the total is the count without the filter minus
 * theirs rather than an anti-join over every patient (294 ms at a million).
 */
export interface ParticipationCondition {
  where: SQL;
  excluded?: SQL;
}

function conditionOf(filter: ParticipationFilter, projectId: number, now: Date): ParticipationCondition {
  switch (filter) {
    case 'participants':
      return { where: participates(projectId, now) };
    case 'toValidate':
      return { where: and(participates(projectId, now), hasUploads('PENDING')) as SQL };
    case 'validated':
      return { where: and(participates(projectId, now), hasUploads('VALIDATED')) as SQL };
    case 'invited':
      return { where: invited(projectId) };
    case 'neither':
      return {
        where: sql`not ${participates(projectId, now)} and not ${invited(projectId)}`,
        excluded: takingPartOrInvited(projectId, now),
      };
  }
}

/**
 * Spec 4 "Filter values" on `GET /patients`: only on a project the caller runs; another project's
 * participants are not the caller's to list (PROJECT_NOT_MEMBER, as `GET /projects/{id}` answers).
 */
export async function participationFilter(
  db: Database,
  user: UserRow,
  query: Pick<PatientListQuery, 'participation' | 'projectId'>,
): Promise<ParticipationCondition | undefined> {
  if (query.participation === undefined) return undefined;
  if (query.projectId === undefined)
    throw new HttpError(400, 'MISSING_PARAMETER', [{ field: 'projectId', code: 'required' }]);
  if (!(await isProjectMember(db, user, query.projectId))) throw new HttpError(403, 'PROJECT_NOT_MEMBER');
  return conditionOf(query.participation, query.projectId, new Date());
}
