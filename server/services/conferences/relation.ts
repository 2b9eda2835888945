import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { CanCreateConference } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, documents, projectMembers, type UserRow, users } from '../../db/schema';
import { hasDossierConsent } from '../access/gate';
import { projectConsentsInForce } from '../consents/in-project';
import type { Language, Localized } from '../language';

/** Why a conference cannot be requested; one text for "no such patient" and "not yours" (it reveals nothing). */
const REFUSALS = {
  notPhysician: {
    it: 'Solo i medici possono richiedere una videoconferenza',
    en: 'Only physicians can request a videoconference',
  },
  noRelation: {
    it: 'Non puoi richiedere una videoconferenza con questo paziente',
    en: 'You cannot request a videoconference with this patient',
  },
  noAccount: {
    it: 'Il paziente non ha un account del portale',
    en: 'The patient has no portal account',
  },
} satisfies Record<string, Localized>;

/**
 * A care relation between a physician and a patient: the physician runs a project the patient takes
 * part in now, or works in a unit that produced documents of the patient (as the care team of
 * `GET /projects/physicians`).
 */
export function careRelation(user: Pick<UserRow, 'id' | 'unitId'>, patientId: number, now: Date): SQL {
  const viaProject = exists(
    sql`(select 1 from ${projectMembers} join ${consents} on ${consents.projectId} = ${projectMembers.projectId}
      where ${projectMembers.userId} = ${user.id} and ${projectConsentsInForce(patientId, now)})`,
  );
  if (user.unitId === null) return viaProject;
  const viaUnit = exists(
    sql`(select 1 from ${documents} where ${documents.patientId} = ${patientId}
      and ${documents.provenanceUnitId} = ${user.unitId})`,
  );
  return sql`(${viaProject} or ${viaUnit})`;
}

/** The patient's own enabled portal account: the one a conference invites. */
export async function patientAccount(
  db: Database,
  patientId: number,
): Promise<{ id: number; displayName: string } | null> {
  const [row] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.patientId, patientId), eq(users.userType, 'PAT'), eq(users.enabled, true)))
    .limit(1);
  return row ?? null;
}

export interface ConferenceCheck {
  allowed: CanCreateConference;
  invitee: { id: number; displayName: string } | null;
}

/**
 * `canUserCreateConference`: a physician with a care relation to the patient, who gave the dossier
 * consent and has a portal account to invite.
 */
export async function checkCanCreate(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
  now: Date = new Date(),
): Promise<ConferenceCheck> {
  const refuse = (reason: keyof typeof REFUSALS): ConferenceCheck => ({
    allowed: { canUserCreateConference: false, message: REFUSALS[reason][language] },
    invitee: null,
  });
  if (user.userType !== 'PHY') return refuse('notPhysician');
  const [related] = await db
    .select({ yes: sql<boolean>`${careRelation(user, patientId, now)}` })
    .from(users)
    .where(eq(users.id, user.id));
  if (!related?.yes || !(await hasDossierConsent(db, patientId, now))) return refuse('noRelation');
  const invitee = await patientAccount(db, patientId);
  if (!invitee) return refuse('noAccount');
  return { allowed: { canUserCreateConference: true, message: null }, invitee };
}

/** `canInvite` of the list: whether the caller may request conferences at all. */
export function canInvite(user: UserRow, language: Language): CanCreateConference {
  return user.userType === 'PHY'
    ? { canUserCreateConference: true, message: null }
    : { canUserCreateConference: false, message: REFUSALS.notPhysician[language] };
}
