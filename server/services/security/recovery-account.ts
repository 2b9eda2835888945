import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients, users } from '../../db/schema';

const FISCAL_CODE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** Who a forgotten-password reset is for: an enabled account of this IdP with a phone to send the code to. */
export interface ResetAccount {
  id: number;
  subject: string;
  username: string;
  userType: string;
  displayName: string;
  fiscalCode: string | null;
  mobilePhone: string;
  patientId: number | null;
}

const columns = {
  id: users.id,
  subject: users.subject,
  username: users.username,
  userType: users.userType,
  displayName: users.displayName,
  fiscalCode: users.fiscalCode,
  mobilePhone: users.mobilePhone,
  patientId: users.patientId,
};

/**
 * The account a username or fiscal code names, or null. Only enabled accounts with a password of this
 * IdP (not an external IdP's users) and a mobile phone. A fiscal code shared by several accounts with a
 * password names nobody for sure.
 */
export async function findResetAccount(db: Database, identifier: string): Promise<ResetAccount | null> {
  const value = identifier.trim();
  const upper = value.toUpperCase();
  const named = FISCAL_CODE.test(upper)
    ? eq(users.fiscalCode, upper)
    : eq(users.username, value.toLowerCase());
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(named, eq(users.enabled, true), isNotNull(users.passwordHash)))
    .limit(5);
  // One person's other accounts have no password (they are reached by switching): two left name nobody.
  const row = rows.length === 1 ? rows[0] : undefined;
  return row?.mobilePhone ? toAccount(row) : null;
}

function toAccount(row: {
  id: number;
  subject: string;
  username: string;
  userType: string;
  displayName: string;
  fiscalCode: string | null;
  mobilePhone: string | null;
  patientId: number | null;
}): ResetAccount {
  return {
    id: row.id,
    subject: row.subject,
    username: row.username,
    userType: row.userType,
    displayName: row.displayName,
    fiscalCode: row.fiscalCode,
    mobilePhone: row.mobilePhone ?? '',
    patientId: row.patientId,
  };
}

/** What a new password must not contain: the username, fiscal code, name and surname. */
export async function identifiersOf(db: Database, account: ResetAccount): Promise<string[]> {
  const words = account.displayName.split(/\s+/).filter((word) => word.length >= 3 && !word.endsWith('.'));
  const found = [account.username, ...words];
  if (account.fiscalCode) found.push(account.fiscalCode);
  if (account.patientId !== null) {
    const [patient] = await db
      .select({ name: patients.name, surname: patients.surname, fiscalCode: patients.fiscalCode })
      .from(patients)
      .where(eq(patients.mepiId, account.patientId))
      .limit(1);
    if (patient) found.push(patient.name, patient.surname, patient.fiscalCode);
  }
  return [...new Set(found.filter(Boolean))];
}

/** The account a reset in progress is for, as long as it can still be reset (enabled, with a phone). */
export async function resetAccountById(db: Database, userId: number): Promise<ResetAccount | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.enabled, true), isNotNull(users.passwordHash)))
    .limit(1);
  return row?.mobilePhone ? toAccount(row) : null;
}
