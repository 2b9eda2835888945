import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { CeremonyKind, Contacts } from '../../../src/contract';
import type { Database } from '../../db/client';
import { patients, type UserRow, users } from '../../db/schema';
import type { CeremonyRow } from './ceremony';

/**
 * Kinds whose signature records a consent of the ceremony's patient (given, revoked or informed). Signed by
 * anyone but that patient, the patient's own act is proved by a code sent to their phone (docs/decisions.md,
 * "Who proves a consent collected by staff"); their signed PDFs are the only ones staff may read. The
 * compiler makes a new kind decide.
 */
const recordsConsent: Readonly<Record<CeremonyKind, boolean>> = {
  consent: true,
  'revoke-consent': true,
  'informed-consent': true,
  obscure: false,
  guest: false,
  pair: false,
};

/** True for a stored kind that records a consent (an unknown kind is not one). */
export function isConsentKind(kind: string | null): boolean {
  return kind !== null && v.is(CeremonyKind, kind) && recordsConsent[kind];
}

/** True when `user` signs a ceremony that records a consent for a patient who is not themself. */
export function signsOnBehalfOfPatient(
  ceremony: Pick<CeremonyRow, 'kind' | 'patientId'>,
  user: Pick<UserRow, 'userType' | 'patientId'>,
): ceremony is Pick<CeremonyRow, 'kind'> & { patientId: number } {
  if (!recordsConsent[ceremony.kind] || ceremony.patientId === null) return false;
  return !(user.userType === 'PAT' && user.patientId === ceremony.patientId);
}

const StoredContacts = v.object({ contacts: v.optional(v.nullable(v.partial(Contacts))) });

/**
 * The patient's mobile phone on record: the one of their portal account (which their login codes already
 * prove), else the registry's mobile number; null when there is neither.
 */
export async function patientPhoneOnRecord(db: Database, patientId: number): Promise<string | null> {
  const [account] = await db
    .select({ phone: users.mobilePhone })
    .from(users)
    .where(and(eq(users.patientId, patientId), eq(users.userType, 'PAT'), eq(users.enabled, true)))
    .limit(1);
  if (account?.phone) return account.phone;
  const [patient] = await db
    .select({ demographics: patients.demographics })
    .from(patients)
    .where(eq(patients.mepiId, patientId));
  const parsed = v.safeParse(StoredContacts, patient?.demographics);
  const phone = parsed.success ? parsed.output.contacts?.mobilePhone : null;
  return phone?.trim() ? phone.trim() : null;
}
