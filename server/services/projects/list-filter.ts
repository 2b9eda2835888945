import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { ParticipationFilter, PatientListQuery } from '../../../src/contract';
import type { UserRow } from '../../app-env';
import type { Database } from '../../db/client';
import { consents, patients, uploadedDocuments } from '../../db/schema';
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

function conditionOf(filter: ParticipationFilter, projectId: number, now: Date): SQL {
  switch (filter) {
    case 'participants':
      return participates(projectId, now);
    case 'toValidate':
      return and(participates(projectId, now), hasUploads('PENDING')) as SQL;
    case 'validated':
      return and(participates(projectId, now), hasUploads('VALIDATED')) as SQL;
    case 'invited':
      return invited(projectId);
    case 'neither':
      return sql`not ${participates(projectId, now)} and not ${invited(projectId)}`;
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
): Promise<SQL | undefined> {
  if (query.participation === undefined) return undefined;
  if (query.projectId === undefined)
    throw new HttpError(400, 'MISSING_PARAMETER', [{ field: 'projectId', code: 'required' }]);
  if (!(await isProjectMember(db, user, query.projectId))) throw new HttpError(403, 'PROJECT_NOT_MEMBER');
  return conditionOf(query.participation, query.projectId, new Date());
}
