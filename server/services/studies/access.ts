import { and, eq } from 'drizzle-orm';
import type { StudyQuery } from '../../../src/contract';
import type { Database } from '../../db/client';
import { studies, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { recordRefusal } from '../access/recorded';
import type { AuditActivity } from '../audit';
import { isStudyObscuredFor } from '../obscuring/visibility';
import { findGrant } from './grants';
import { findStudy, type StudyRow } from './study-status';

/** Roles refused image viewing (spec section 6): a guest sees the study's status, never the images. */
export const IMAGE_VIEWING_REFUSED_ROLES: ReadonlySet<string> = new Set(['GUE']);

/**
 * Patient access first (audited, whatever the outcome), then the study within that patient: null when
 * the patient has no such study; 404 when it is hidden from this caller.
 */
export async function authorizedStudy(
  db: Database,
  user: UserRow,
  id: string,
  query: StudyQuery,
  activity: AuditActivity,
): Promise<StudyRow | null> {
  const study = await findStudy(db, { id, ...query });
  // A study whose reports are all obscured for this caller does not exist for them: the gate answers 404
  // as for a missing one and audits the attempt DENIED.
  const obscured =
    study !== null && (await isStudyObscuredFor(db, user, query.patientId, study.accessionNumber));
  await authorizePatientAccess(db, user, query.patientId, activity, {
    detail: obscured ? `study ${id} OBSCURED` : `study ${id}`,
    hidden: obscured,
  });
  return study;
}

/**
 * Whether this user's role may view images. The patient was readable (audited as allowed); a refusal of
 * the images is audited too.
 */
export async function mayViewImages(
  db: Database,
  user: UserRow,
  patientId: number,
  studyId: string,
): Promise<boolean> {
  if (!IMAGE_VIEWING_REFUSED_ROLES.has(user.userType)) return true;
  await recordRefusal(db, user, patientId, 'STUDY_VIEW', {
    detail: `study ${studyId}: IMAGES_NOT_ALLOWED_FOR_ROLE`,
  });
  return false;
}

/** The study behind a live grant whose user is still enabled; 403 otherwise, without saying why. */
export async function grantedStudy(db: Database, studyId: string, token: string): Promise<StudyRow> {
  const grant = findGrant(token, studyId, new Date());
  if (!grant) throw new HttpError(403, 'ACCESS_DENIED');
  const [row] = await db
    .select({ study: studies })
    .from(studies)
    .innerJoin(users, eq(users.id, grant.userId))
    .where(and(eq(studies.studyId, studyId), eq(studies.patientId, grant.patientId), eq(users.enabled, true)))
    .limit(1);
  if (!row) throw new HttpError(403, 'ACCESS_DENIED');
  return row.study;
}
