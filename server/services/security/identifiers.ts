import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients, type UserRow } from '../../db/schema';

/**
 * What a new password must not contain: the username, the fiscal code, and the person's names (the
 * patient's registry name and surname, and the words of the account's display name, "Dott.ssa" aside).
 */
export async function personalIdentifiers(db: Database, user: UserRow): Promise<string[]> {
  const names = user.displayName.split(/\s+/).filter((word) => /^\p{L}{3,}$/u.test(word));
  const [patient] = user.patientId
    ? await db
        .select({ name: patients.name, surname: patients.surname, fiscalCode: patients.fiscalCode })
        .from(patients)
        .where(eq(patients.mepiId, user.patientId))
    : [];
  const all = [
    user.username,
    user.fiscalCode,
    patient?.fiscalCode,
    patient?.name,
    patient?.surname,
    ...names,
  ];
  return [...new Set(all.filter((value): value is string => Boolean(value?.trim())))];
}
