import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { FEA_CONSENT_CODE } from './catalogue';
import { type ConsentRow, currentConsents, isExpired, isInForce } from './records';

/**
 * Consents a patient must sign with the advanced electronic signature before entering (GET /me code 2):
 * the FEA service agreement when the account requires it and it is not in force, and every given
 * consent that has expired ('Il paziente ha consensi scaduti da rinnovare').
 */
export async function dueFeaConsents(
  db: Database,
  user: Pick<UserRow, 'patientId' | 'requiresFeaConsents'>,
  now: Date = new Date(),
): Promise<string[]> {
  if (user.patientId === null) return [];
  return dueAmong(await currentConsents(db, user.patientId), user, now);
}

type DueFields = Pick<ConsentRow, 'consentCode' | 'statusCode' | 'expiresAt' | 'revokedAt'>;

/** dueFeaConsents on the patient's current consents already read (GET /me reads them with the user). */
export function dueAmong(
  rows: readonly DueFields[],
  user: Pick<UserRow, 'requiresFeaConsents'>,
  now: Date,
): string[] {
  const due = rows.filter((row) => isExpired(row, now)).map((row) => row.consentCode);
  const feaInForce = rows.some((row) => row.consentCode === FEA_CONSENT_CODE && isInForce(row, now));
  if (user.requiresFeaConsents && !feaInForce && !due.includes(FEA_CONSENT_CODE))
    due.unshift(FEA_CONSENT_CODE);
  return due;
}
