import { eq } from 'drizzle-orm';
import type { ConsentAction } from '../../../src/contract';
import type { Database } from '../../db/client';
import { projects, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { type ConsentModel, isDossierConsent, isModelClosed, modelOfConsent } from './catalogue';
import { type ConsentRow, givenProjectConsents, mayCollect, type ProjectRow, sameConsent } from './records';

export interface ConsentTarget {
  consentCode: string;
  projectId: number | null;
  action: ConsentAction;
}

/** The model of a consent code and, for a project consent, its project (400 on a mismatch). */
export async function resolveTarget(
  db: Database,
  target: Pick<ConsentTarget, 'consentCode' | 'projectId'>,
  field = 'consentCode',
): Promise<{ model: ConsentModel; project: ProjectRow | null }> {
  const model = modelOfConsent(target.consentCode);
  if (!model) throw new HttpError(400, 'BAD_REQUEST', [{ field, code: 'invalid' }]);
  if (model.category !== 'PROJECT') {
    if (target.projectId !== null)
      throw new HttpError(400, 'BAD_REQUEST', [{ field: 'projectId', code: 'invalid' }]);
    return { model, project: null };
  }
  if (target.projectId === null)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'projectId', code: 'required' }]);
  const [project] = await db.select().from(projects).where(eq(projects.id, target.projectId)).limit(1);
  if (!project || project.consentCode !== model.consentCode)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'projectId', code: 'invalid' }]);
  return { model, project };
}

/** Who may collect it: permission, then patient autonomy, then consents only staff collect. */
export function assertMayCollect(user: UserRow, model: ConsentModel): void {
  if (mayCollect(user, model)) return;
  const permissions = user.permissions as readonly string[];
  if (
    user.userType === 'PAT' &&
    permissions.includes('perm.meview.consent.write') &&
    permissions.includes('perm.meview.consent.patient.autonomy')
  )
    throw new HttpError(403, 'CONSENT_ASK_PHYSICIAN');
  throw new HttpError(403, 'PERMISSION_MISSING');
}

/**
 * Whether the action may apply to the consent's current version: a closed consent answers
 * CONSENT_CLOSED, revoking the dossier consent while a project consent is given answers
 * CONSENT_REVOKE_PROJECTS_FIRST, giving a project consent the project ended PROJECT_PARTICIPATION_ENDED,
 * anything else out of place CONSENT_EDIT_ERROR.
 */
export function assertAction(
  rows: readonly ConsentRow[],
  model: ConsentModel,
  target: ConsentTarget,
  now: Date,
): ConsentRow | null {
  if (isModelClosed(model, now)) throw new HttpError(409, 'CONSENT_CLOSED');
  const current = rows.find((row) => sameConsent(row, target.consentCode, target.projectId)) ?? null;
  switch (target.action) {
    case 'give':
      // Ended by the project (removal, withdrawn invitation): only a new invitation reopens it.
      if (current?.endReason) throw new HttpError(409, 'PROJECT_PARTICIPATION_ENDED');
      return current;
    case 'revoke':
      if (current?.statusCode !== 'GIVEN') throw new HttpError(409, 'CONSENT_EDIT_ERROR');
      if (isDossierConsent(target.consentCode) && givenProjectConsents(rows).length > 0)
        throw new HttpError(409, 'CONSENT_REVOKE_PROJECTS_FIRST');
      return current;
    case 'reject':
      if (current?.statusCode !== 'INVITE') throw new HttpError(409, 'CONSENT_EDIT_ERROR');
      return current;
  }
}

export const statusOfAction: Record<ConsentAction, 'GIVEN' | 'REVOKED' | 'REJECTED'> = {
  give: 'GIVEN',
  revoke: 'REVOKED',
  reject: 'REJECTED',
};

/**
 * Checks a whole request in order, as the effect will apply it: project items first, so revoking the
 * project consents and then the dossier consent in one signature is allowed.
 */
export function orderTargets<T extends ConsentTarget>(targets: readonly T[]): T[] {
  return [...targets].sort(
    (a, b) => Number(isDossierConsent(a.consentCode)) - Number(isDossierConsent(b.consentCode)),
  );
}

export function assertRequest(
  rows: readonly ConsentRow[],
  targets: readonly (ConsentTarget & { model: ConsentModel })[],
  now: Date,
): void {
  const seen = new Set<string>();
  let simulated = [...rows];
  for (const target of orderTargets(targets)) {
    const key = `${target.consentCode}:${target.projectId ?? ''}`;
    if (seen.has(key)) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'consents', code: 'invalid' }]);
    seen.add(key);
    const current = assertAction(simulated, target.model, target, now);
    if (current)
      simulated = simulated.map((row) =>
        row === current ? { ...row, statusCode: statusOfAction[target.action], revokedAt: now } : row,
      );
  }
}
