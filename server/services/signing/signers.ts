import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SignerInfo, SigningCertificate } from '../../../src/contract';
import type { Database } from '../../db/client';
import { patients, signingCredentials, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import { authorizePatientAccess } from '../access/gate';
import { maskPhone, recordOnlySender, type SmsSender, sendSms } from '../sms/outbox';
import { isStaff } from '../users';
import {
  type CredentialRow,
  certificateStatus,
  describeCertificate,
  findCredential,
  issueCredential,
  signerIdentity,
} from './credentials';

/** The person a fiscal code names: a portal user (who may hold a credential) and/or a registry patient. */
export interface ResolvedSigner {
  user: UserRow | null;
  patient: { mepiId: number; name: string; surname: string; fiscalCode: string } | null;
}

/**
 * Whose credential the caller may see: their own (no fiscal code, or their own), or, for staff, a
 * patient's whose dossier they may open (audited). Anyone else's is 404/403.
 */
export async function resolveSigner(
  db: Database,
  caller: UserRow,
  fiscalCode?: string,
): Promise<ResolvedSigner> {
  if (!fiscalCode) return { user: caller, patient: null };
  const own = await signerIdentity(db, caller);
  if (own.fiscalCode === fiscalCode) return { user: caller, patient: null };
  if (!isStaff(caller)) throw new HttpError(403, 'ACCESS_DENIED');
  const [patient] = await db
    .select({
      mepiId: patients.mepiId,
      name: patients.name,
      surname: patients.surname,
      fiscalCode: patients.fiscalCode,
    })
    .from(patients)
    .where(eq(patients.fiscalCode, fiscalCode));
  if (!patient) throw new HttpError(404, 'SIGN_CERTIFICATES_ERROR');
  await authorizePatientAccess(db, caller, patient.mepiId, 'PATIENT_READ', { detail: 'signing credential' });
  return { user: await patientUser(db, patient.mepiId), patient };
}

async function patientUser(db: Database, patientId: number): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.patientId, patientId), eq(users.userType, 'PAT')));
  return user ?? null;
}

/** GET /sign/certificates: the certificate of the signer's credential, if they have one. */
export async function certificatesOf(
  db: Database,
  signer: ResolvedSigner,
  now: Date,
  logger?: Logger,
): Promise<SigningCertificate[]> {
  const credential = signer.user ? await findCredential(db, signer.user.id) : null;
  try {
    return credential ? [describeCertificate(credential, now)] : [];
  } catch (error) {
    // A stored certificate that no longer parses: 'Errore nel recupero dei certificati disponibili'.
    logger?.error('unreadable signing certificate', { error: String(error) });
    throw new HttpError(500, 'SIGN_CERTIFICATES_ERROR');
  }
}

export async function describeSigner(db: Database, signer: ResolvedSigner, now: Date): Promise<SignerInfo> {
  const credential = signer.user ? await findCredential(db, signer.user.id) : null;
  const identity = signer.user
    ? await signerIdentity(db, signer.user)
    : {
        name: signer.patient?.name ?? '',
        surname: signer.patient?.surname ?? '',
        fiscalCode: signer.patient?.fiscalCode ?? '',
      };
  return {
    ...identity,
    maskedPhone: signer.user?.mobilePhone ? maskPhone(signer.user.mobilePhone) : null,
    hasCredential: credential !== null,
    hasValidCertificate: credential !== null && certificateStatus(credential, now) === 'VALID',
    feaActive: credential?.feaActivatedAt != null,
    lockedUntil:
      credential?.lockedUntil && credential.lockedUntil > now ? credential.lockedUntil.toISOString() : null,
  };
}

/**
 * POST /autoFEAreq: activates the advanced electronic signature of a patient's portal user — the patient
 * themself or staff with access to the dossier. Without a valid credential one is issued, and its PIN
 * (6 random digits) goes to the patient by SMS: the portal never shows it.
 */
export async function activateFea(
  deps: { db: Database; logger?: Logger; smsSender?: SmsSender; now?: Date },
  caller: UserRow,
  patientId: number,
  pinMessage: (pin: string) => string,
): Promise<{ result: 'ACTIVATED' | 'ALREADY_ACTIVE'; credential: CredentialRow }> {
  const now = deps.now ?? new Date();
  const { db } = deps;
  if (caller.userType !== 'PAT' && !isStaff(caller)) throw new HttpError(403, 'ACCESS_DENIED');
  await authorizePatientAccess(db, caller, patientId, 'PATIENT_READ', { detail: 'FEA activation' });
  const user =
    caller.patientId === patientId && caller.userType === 'PAT' ? caller : await patientUser(db, patientId);
  if (!user) throw new HttpError(404, 'NOT_FOUND');
  const existing = await findCredential(db, user.id);
  if (existing && certificateStatus(existing, now) === 'VALID') {
    if (existing.feaActivatedAt) return { result: 'ALREADY_ACTIVE', credential: existing };
    const [updated] = await db
      .update(signingCredentials)
      .set({ feaActivatedAt: now })
      .where(eq(signingCredentials.id, existing.id))
      .returning();
    return { result: 'ACTIVATED', credential: updated ?? existing };
  }
  if (!user.mobilePhone) throw new HttpError(409, 'SIGN_OTP_ERROR');
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const credential = await issueCredential(db, user, {
    pin,
    fea: true,
    now,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  await sendSms(db, deps.smsSender ?? recordOnlySender, {
    userId: user.id,
    to: user.mobilePhone,
    body: pinMessage(pin),
    purpose: 'sign-pin',
    now,
  });
  return { result: 'ACTIVATED', credential };
}
