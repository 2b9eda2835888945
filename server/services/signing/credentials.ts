import { createPrivateKey } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CertificateStatus, SigningCertificate } from '../../../src/contract';
import { keyEncryptionKey, openPrivateKey, sealPrivateKey } from '../../auth/secret';
import type { Database } from '../../db/client';
import { patients, signingCredentials, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import { hashPassword, verifyPassword } from '../password';
import { certificateAuthority } from './ca';
import type { CmsSigner } from './cms';
import { exportPkcs8, generateSignerKeys, issueSignerCertificate, x509 } from './x509';

export type CredentialRow = typeof signingCredentials.$inferSelect;

export const PIN_MAX_FAILED_ATTEMPTS = 5;
export const PIN_LOCK_MS = 15 * 60 * 1000;
export const CERTIFICATE_VALIDITY_YEARS = 3;

/** Who a user is for a certificate: a patient's registry data, otherwise the display name. */
export interface SignerIdentity {
  name: string;
  surname: string;
  /** The fiscal code, or a portal identifier for staff registered without one. */
  fiscalCode: string;
}

export async function signerIdentity(db: Database, user: UserRow): Promise<SignerIdentity> {
  if (user.patientId !== null) {
    const [patient] = await db
      .select({ name: patients.name, surname: patients.surname, fiscalCode: patients.fiscalCode })
      .from(patients)
      .where(eq(patients.mepiId, user.patientId));
    if (patient && (user.userType === 'PAT' || !user.fiscalCode))
      return { ...patient, fiscalCode: user.fiscalCode ?? patient.fiscalCode };
  }
  // "Dott.ssa Anna Ferrari": titles (abbreviations, with a dot) are not part of the name.
  const words = user.displayName.split(/\s+/).filter((word) => word !== '' && !word.includes('.'));
  const [name = user.displayName, ...surname] = words;
  return {
    name,
    surname: surname.join(' '),
    fiscalCode: user.fiscalCode ?? `MEVIEW-${user.username.toUpperCase()}`,
  };
}

export async function findCredential(db: Database, userId: number): Promise<CredentialRow | null> {
  const [row] = await db.select().from(signingCredentials).where(eq(signingCredentials.userId, userId));
  return row ?? null;
}

/**
 * Issues (or re-issues) the user's credential: a new key pair, a certificate of the CA, the key sealed
 * with the server's secret, and the PIN hash (pass `pinHash` to reuse one, as the demo seed does).
 */
export async function issueCredential(
  db: Database,
  user: UserRow,
  input: { pin?: string; pinHash?: string; fea?: boolean; now?: Date; logger?: Logger },
): Promise<CredentialRow> {
  const now = input.now ?? new Date();
  const identity = await signerIdentity(db, user);
  const ca = await certificateAuthority(db, input.logger ? { logger: input.logger } : {});
  const keys = await generateSignerKeys();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_VALIDITY_YEARS);
  const certificate = await issueSignerCertificate({
    ca,
    publicKey: keys.publicKey,
    ...identity,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
  });
  const pinHash = input.pinHash ?? (input.pin ? await hashPassword(input.pin) : null);
  if (!pinHash) throw new Error('a credential needs a PIN');
  const values = {
    userId: user.id,
    fiscalCode: identity.fiscalCode,
    certificatePem: certificate.toString('pem'),
    serialNumber: certificate.serialNumber,
    encryptedPrivateKey: sealPrivateKey(
      await exportPkcs8(keys.privateKey),
      keyEncryptionKey(input.logger),
      keyLabel(user.id),
    ),
    pinHash,
    failedPinAttempts: 0,
    lockedUntil: null,
    validFrom: certificate.notBefore,
    validTo: certificate.notAfter,
    revokedAt: null,
    createdAt: now,
    ...(input.fea ? { feaActivatedAt: now } : {}),
  };
  const [row] = await db
    .insert(signingCredentials)
    .values(values)
    .onConflictDoUpdate({ target: signingCredentials.userId, set: values })
    .returning();
  if (!row) throw new Error('credential not stored');
  return row;
}

function keyLabel(userId: number): string {
  return `signing-credential:${userId}`;
}

export function certificateStatus(credential: CredentialRow, now: Date): CertificateStatus {
  if (credential.revokedAt) return 'REVOKED';
  if (credential.validFrom > now) return 'NOT_YET_VALID';
  if (credential.validTo <= now) return 'EXPIRED';
  return 'VALID';
}

/** A credential whose certificate can sign now, or 'Impossibile procedere in assenza di certificato…'. */
export function requireValidCredential(credential: CredentialRow | null, now: Date): CredentialRow {
  if (!credential || certificateStatus(credential, now) !== 'VALID')
    throw new HttpError(409, 'SIGN_NO_VALID_CERTIFICATE');
  return credential;
}

export function describeCertificate(credential: CredentialRow, now: Date): SigningCertificate {
  const certificate = new x509.X509Certificate(credential.certificatePem);
  return {
    serialNumber: credential.serialNumber,
    subject: certificate.subject,
    issuer: certificate.issuer,
    validFrom: credential.validFrom.toISOString(),
    validTo: credential.validTo.toISOString(),
    type: credential.feaActivatedAt ? 'FEA' : 'FR',
    status: certificateStatus(credential, now),
  };
}

/** "HH:mm" in Rome, for 'la firma è bloccata fino alle {until}'. */
export function romeTime(date: Date): string {
  return new Intl.DateTimeFormat('it-IT', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Rome',
  }).format(date);
}

function lockedError(until: Date, now: Date): HttpError {
  const seconds = String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
  return new HttpError(429, 'PIN_LOCKED', undefined, { 'Retry-After': seconds }, { until: romeTime(until) });
}

/** Signing is refused while the PIN lock lasts. */
export function assertNotLocked(credential: CredentialRow, now: Date): void {
  if (credential.lockedUntil && credential.lockedUntil > now) throw lockedError(credential.lockedUntil, now);
}

/**
 * Takes one PIN attempt before the PIN is looked at: one statement counts it and decides, so of N parallel
 * attempts only as many as the limit leaves are evaluated (the row lock serialises them). The attempt that
 * reaches the limit locks signing for 15 minutes at once; an expired lock starts the count over. Answers
 * the attempts now counted, or null when signing is locked.
 */
async function takePinAttempt(db: Database, credentialId: number, now: Date): Promise<number | null> {
  // ISO strings with a cast: both drivers (pg, PGlite) bind them the same way.
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const untilSql = sql`${new Date(now.getTime() + PIN_LOCK_MS).toISOString()}::timestamptz`;
  const lockEnded = sql`${signingCredentials.lockedUntil} is not null and ${signingCredentials.lockedUntil} <= ${nowSql}`;
  const counted = sql`case when ${lockEnded} then 1 else ${signingCredentials.failedPinAttempts} + 1 end`;
  const [taken] = await db
    .update(signingCredentials)
    .set({
      failedPinAttempts: counted,
      lockedUntil: sql`case when ${counted} >= ${PIN_MAX_FAILED_ATTEMPTS} then ${untilSql} else null end`,
    })
    .where(
      and(
        eq(signingCredentials.id, credentialId),
        sql`(${signingCredentials.lockedUntil} is null or ${signingCredentials.lockedUntil} <= ${nowSql})`,
      ),
    )
    .returning({ failedPinAttempts: signingCredentials.failedPinAttempts });
  return taken?.failedPinAttempts ?? null;
}

async function lockedNow(db: Database, credentialId: number, now: Date): Promise<HttpError> {
  const [row] = await db
    .select({ lockedUntil: signingCredentials.lockedUntil })
    .from(signingCredentials)
    .where(eq(signingCredentials.id, credentialId));
  const until =
    row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : new Date(now.getTime() + PIN_LOCK_MS);
  return lockedError(until, now);
}

/**
 * Checks the PIN, counting the attempt before evaluating it (`takePinAttempt`): the fifth wrong one locks
 * signing for 15 minutes, and while locked no PIN is evaluated, not even the right one. A right PIN clears
 * the count (and the lock its own attempt may have set).
 */
export async function verifyPin(
  db: Database,
  credential: CredentialRow,
  pin: string,
  now: Date,
): Promise<void> {
  assertNotLocked(credential, now);
  const attempts = await takePinAttempt(db, credential.id, now);
  if (attempts === null) throw await lockedNow(db, credential.id, now);
  if (await verifyPassword(pin, credential.pinHash)) {
    await db
      .update(signingCredentials)
      .set({ failedPinAttempts: 0, lockedUntil: null })
      .where(eq(signingCredentials.id, credential.id));
    return;
  }
  if (attempts < PIN_MAX_FAILED_ATTEMPTS)
    throw new HttpError(400, 'PIN_WRONG', undefined, undefined, {
      remaining: String(PIN_MAX_FAILED_ATTEMPTS - attempts),
    });
  throw await lockedNow(db, credential.id, now);
}

/** The credential's key and certificate chain, ready to sign; the key is decrypted only in memory. */
export async function cmsSignerOf(
  db: Database,
  credential: CredentialRow,
  logger?: Logger,
): Promise<CmsSigner> {
  const ca = await certificateAuthority(db, logger ? { logger } : {});
  const pkcs8 = openPrivateKey(
    credential.encryptedPrivateKey,
    keyEncryptionKey(logger),
    keyLabel(credential.userId),
  );
  return {
    certificate: new Uint8Array(new x509.X509Certificate(credential.certificatePem).rawData),
    chain: [new Uint8Array(ca.certificate.rawData)],
    privateKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
  };
}
