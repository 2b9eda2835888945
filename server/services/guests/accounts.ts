import { randomInt, randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { GuestPerson } from '../../../src/contract';
import type { Language } from '../../../src/contract/language';
import type { Database } from '../../db/client';
import { smsOutbox, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { hashPassword } from '../password';
import { credentialsSms, grantedSms } from './guests.data';

/** Letters and digits that cannot be mistaken for each other when read off a phone. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const PASSWORD_LENGTH = 12;

export function temporaryPassword(): string {
  return Array.from(
    { length: PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');
}

const asciiSlug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()
    .slice(0, 20) || 'ospite';

/** "nome.cognome", then "nome.cognome2", "nome.cognome3"… the first free one. */
async function freeUsername(db: Database, person: GuestPerson): Promise<string> {
  const base = `${asciiSlug(person.name)}.${asciiSlug(person.surname)}`;
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(like(users.username, `${base}%`))
    ).map((row) => row.username),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}${suffix}`)) return `${base}${suffix}`;
}

/**
 * Who the person is among the users: an existing GUE user with the same fiscal code is reused; a user of
 * another type with that fiscal code (a patient, a physician) cannot become a guest: USER_CREATE_ERROR.
 */
export async function existingGuestUser(db: Database, fiscalCode: string): Promise<UserRow | null> {
  const found = await db.select().from(users).where(eq(users.fiscalCode, fiscalCode));
  if (found.some((user) => user.userType !== 'GUE'))
    throw new HttpError(409, 'USER_CREATE_ERROR', [{ field: 'person.fiscalCode', code: 'invalid' }]);
  return found.find((user) => user.enabled) ?? found[0] ?? null;
}

/**
 * Inside the signing transaction: reuses or creates the guest's account and queues the SMS that tells
 * them (with a temporary password for a new account). The SMS row commits with the guest or not at all.
 */
export async function ensureGuestAccount(
  tx: Database,
  input: { person: GuestPerson; patientName: string; patientId: number; language: Language; now: Date },
): Promise<UserRow> {
  const { person } = input;
  const existing = await existingGuestUser(tx, person.fiscalCode);
  if (existing) {
    if (!existing.enabled) await tx.update(users).set({ enabled: true }).where(eq(users.id, existing.id));
    if (existing.mobilePhone)
      await tx.insert(smsOutbox).values({
        userId: existing.id,
        toPhone: existing.mobilePhone,
        body: grantedSms[input.language](input.patientName, existing.username),
        purpose: 'GUEST_GRANTED',
        createdAt: input.now,
      });
    return { ...existing, enabled: true };
  }
  const password = temporaryPassword();
  const username = await freeUsername(tx, person);
  const [created] = await tx
    .insert(users)
    .values({
      subject: `guest-${randomUUID()}`,
      username,
      passwordHash: await hashPassword(password),
      userType: 'GUE',
      displayName: `${person.name} ${person.surname}`,
      email: person.email,
      mobilePhone: person.mobilePhone,
      fiscalCode: person.fiscalCode,
      patientId: input.patientId,
      permissions: [],
      // The temporary password travelled by SMS: the guest replaces it at the first login.
      passwordChangeRequired: true,
    })
    .returning();
  if (!created) throw new HttpError(500, 'USER_CREATE_ERROR');
  await tx.insert(smsOutbox).values({
    userId: created.id,
    toPhone: person.mobilePhone,
    body: credentialsSms[input.language](input.patientName, username, password),
    purpose: 'GUEST_CREDENTIALS',
    createdAt: input.now,
  });
  return created;
}
