import { and, eq, inArray } from 'drizzle-orm';
import type { SignCdcRequest, SignRequest, SignSyncReply } from '../../../src/contract';
import type { Database } from '../../db/client';
import { signatureCeremonies, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import type { Language } from '../language';
import { consumeCode, type IssuedCode, issueCode } from '../otp';
import { dispatchQueuedSms, recordOnlySender, type SmsSender } from '../sms/outbox';
import { isStaff } from '../users';
import {
  asCeremony,
  type CeremonyEffects,
  type CeremonyRow,
  ceremonyBinding,
  findOpenCeremony,
  type SignedOutput,
  type TempDocument,
} from './ceremony';
import { completeCeremony } from './complete';
import {
  assertNotLocked,
  type CredentialRow,
  cmsSignerOf,
  findCredential,
  requireValidCredential,
  signerIdentity,
  verifyPin,
} from './credentials';
import { patientPhoneOnRecord, signsOnBehalfOfPatient } from './on-behalf';
import { signPdf } from './pades';

export interface SigningDeps {
  db: Database;
  /** What a completed signature does, by the ceremony's kind (built at the composition root). */
  ceremonyEffects: CeremonyEffects;
  logger?: Logger;
  smsSender?: SmsSender;
  now?: Date;
}

const smsText: Record<Language, (code: string) => string> = {
  it: (code) =>
    `Dossier Sanitario: il codice di firma è ${code}. Valido 10 minuti. Non comunicarlo a nessuno.`,
  en: (code) =>
    `Dossier Sanitario: your signature code is ${code}. Valid for 10 minutes. Do not share it with anyone.`,
};

/** The patient's code for a consent collected by staff: it says what typing it does, and for whom. */
const patientSmsText: Record<Language, (code: string) => string> = {
  it: (code) =>
    `Dossier Sanitario: ${code} è il codice con cui confermi il consenso che stai dando ora in struttura. Dettalo solo all'operatore che ti assiste. Valido 10 minuti.`,
  en: (code) =>
    `Dossier Sanitario: ${code} is the code that confirms the consent you are giving now at the hospital. Tell it only to the staff member assisting you. Valid for 10 minutes.`,
};

/**
 * Where the code of this ceremony goes: the signer's phone, or, for a consent recorded for a patient who is
 * not the signer, the patient's phone on record (the patient's own act; none → a clear refusal).
 */
async function codeRecipient(
  db: Database,
  user: UserRow,
  ceremony: CeremonyRow,
): Promise<{ purpose: 'sign' | 'sign-patient'; phone: string | null }> {
  if (!signsOnBehalfOfPatient(ceremony, user)) return { purpose: 'sign', phone: user.mobilePhone };
  const phone = await patientPhoneOnRecord(db, ceremony.patientId);
  if (!phone) throw new HttpError(409, 'SIGN_PATIENT_PHONE_MISSING');
  return { purpose: 'sign-patient', phone };
}

/**
 * POST /sign/otp: checks the signer's PIN first (an attempt of the same lockout as the signature, so no
 * more guesses than before), then sends the code for exactly these documents to the signer's mobile phone,
 * or to the patient's when staff collect the patient's consent. A wrong PIN sends nothing (docs/decisions.md).
 */
export async function sendSignatureCode(
  deps: SigningDeps,
  user: UserRow,
  input: { documentIds: readonly number[]; pin: string },
  options: { language: Language },
): Promise<IssuedCode & { sentToPatient: boolean }> {
  const now = deps.now ?? new Date();
  const { ceremony, documents } = await openForSignature(deps.db, user, input.documentIds, now);
  const credential = requireValidCredential(await findCredential(deps.db, user.id), now);
  assertNotLocked(credential, now);
  await verifyPin(deps.db, credential, input.pin, now);
  const recipient = await codeRecipient(deps.db, user, ceremony);
  const toPatient = recipient.purpose === 'sign-patient';
  // The code is typed by the signer, so it is kept under the signer's id even when the patient receives it.
  const issued = await issueCode(deps.db, deps.smsSender ?? recordOnlySender, {
    user: { id: user.id, mobilePhone: recipient.phone },
    purpose: recipient.purpose,
    binding: ceremonyBinding(ceremony, documents),
    message: (toPatient ? patientSmsText : smsText)[options.language],
    now,
  });
  await deps.db
    .update(signatureCeremonies)
    .set({ status: 'OTP_SENT' })
    .where(and(eq(signatureCeremonies.id, ceremony.id), eq(signatureCeremonies.status, 'PREPARED')));
  return { ...issued, sentToPatient: toPatient };
}

/** An open ceremony not already being signed in the background. */
async function openForSignature(
  db: Database,
  user: UserRow,
  documentIds: readonly number[],
  now: Date,
): Promise<{ ceremony: CeremonyRow; documents: TempDocument[] }> {
  const open = await findOpenCeremony(db, user, documentIds, now);
  if (open.ceremony.status === 'SIGNING') throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  return open;
}

interface Authorized {
  ceremony: CeremonyRow;
  documents: TempDocument[];
  credential: CredentialRow;
}

/** Ceremony → PIN lock → certificate → PIN → one-time code: what every signature with a code needs. */
async function authorizeSignature(
  deps: SigningDeps,
  user: UserRow,
  input: { documentIds: readonly number[]; pin: string; otp?: string },
): Promise<Authorized> {
  const now = deps.now ?? new Date();
  const { ceremony, documents } = await openForSignature(deps.db, user, input.documentIds, now);
  // A consent recorded for a patient other than the signer needs the patient's code: never the PIN alone.
  const onBehalf = signsOnBehalfOfPatient(ceremony, user);
  if (onBehalf && input.otp === undefined) throw new HttpError(403, 'SIGN_CDC_ERROR');
  const credential = await findCredential(deps.db, user.id);
  if (credential) assertNotLocked(credential, now);
  const valid = requireValidCredential(credential, now);
  await verifyPin(deps.db, valid, input.pin, now);
  if (input.otp !== undefined)
    await consumeCode(deps.db, {
      userId: user.id,
      // The signer's own code does not stand for the patient's, nor the other way round.
      purpose: onBehalf ? 'sign-patient' : 'sign',
      binding: ceremonyBinding(ceremony, documents),
      code: input.otp,
      wrongCodeError: 'SIGN_OTP_ERROR',
      contextError: 'SIGN_CONTEXT_INVALID',
      now,
    });
  return { ceremony, documents, credential: valid };
}

/** Signs every document with the signer's key and applies the ceremony's effect, in one transaction. */
async function signAuthorized(
  deps: SigningDeps,
  user: UserRow,
  authorized: Authorized,
): Promise<SignedOutput[]> {
  const now = deps.now ?? new Date();
  const signer = await cmsSignerOf(deps.db, authorized.credential, deps.logger);
  const identity = await signerIdentity(deps.db, user);
  const signed = await completeCeremony(
    deps.db,
    authorized.ceremony,
    authorized.documents,
    (pdf) =>
      signPdf(pdf, signer, {
        signerName: `${identity.name} ${identity.surname}`.trim(),
        reason: reasonOf(authorized.ceremony.kind),
        location: 'MeView',
        signingTime: now,
      }),
    deps.ceremonyEffects,
    now,
  );
  // An effect may have queued SMS in the signing transaction (a guest's credentials, the notice to a patient
  // of a consent recorded on their behalf): send them now that they are committed.
  await dispatchQueuedSms(deps.db, deps.smsSender ?? recordOnlySender).catch((error: Error) =>
    deps.logger?.warn('sms.dispatch_failed', { error: error.message }),
  );
  return signed;
}

function reasonOf(kind: CeremonyRow['kind']): string {
  return `Firma elettronica MeView (${kind})`;
}

/** Anything but a catalogue error (e.g. CONSENT_CLOSED from an effect) becomes `code`, logged with its cause. */
function asSigningError(
  error: unknown,
  code: 'SIGN_AUTHORIZED_USER_ERROR' | 'SIGN_CDC_ERROR',
  logger?: Logger,
): HttpError {
  if (error instanceof HttpError) return error;
  logger?.error('signature failed', { error: error instanceof Error ? error.message : String(error) });
  return new HttpError(500, code);
}

/**
 * The two ways to sign at once: with PIN and SMS code (PUT /sign/sync), or with the PIN alone inside a
 * context-sharing session (POST /sign/cdc), where a staff member is already at the workstation of the
 * sharing application (docs/decisions.md). Each way has its own catalogue error. The PIN alone never
 * records a consent for a patient other than the signer (403 SIGN_CDC_ERROR).
 */
export type SignNowRequest = { way: 'otp'; input: SignRequest } | { way: 'cdc'; input: SignCdcRequest };

const errorOfWay = { otp: 'SIGN_AUTHORIZED_USER_ERROR', cdc: 'SIGN_CDC_ERROR' } as const;

/** Signs the ceremony now and answers what was signed. */
export async function signNow(
  deps: SigningDeps,
  user: UserRow,
  request: SignNowRequest,
): Promise<SignSyncReply> {
  const errorCode = errorOfWay[request.way];
  if (request.way === 'cdc' && !isStaff(user)) throw new HttpError(403, errorCode);
  const authorized = await authorizeSignature(deps, user, request.input);
  const signed = await signAuthorized(deps, user, authorized).catch((error: unknown) => {
    throw asSigningError(error, errorCode, deps.logger);
  });
  return {
    status: 'SIGNED',
    ceremonyKind: authorized.ceremony.kind,
    signedDocumentIds: signed.map((output) => output.signedDocumentId),
  };
}

// Asynchronous signatures running in this process, by ceremony id (tests await them).
const running = new Map<string, Promise<void>>();

/** PUT /sign/async: checks PIN and code now, signs in the background; `/sign/check` reports. */
export async function startAsyncSignature(
  deps: SigningDeps,
  user: UserRow,
  input: { documentIds: readonly number[]; pin: string; otp: string },
): Promise<string> {
  const authorized = await authorizeSignature(deps, user, input);
  const [claimed] = await deps.db
    .update(signatureCeremonies)
    .set({ status: 'SIGNING' })
    .where(
      and(
        eq(signatureCeremonies.id, authorized.ceremony.id),
        inArray(signatureCeremonies.status, ['PREPARED', 'OTP_SENT']),
      ),
    )
    .returning();
  if (!claimed) throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  const work = new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => signAuthorized(deps, user, { ...authorized, ceremony: asCeremony(claimed) }))
    .then(
      () => undefined,
      async (error: unknown) => {
        const code = asSigningError(error, 'SIGN_AUTHORIZED_USER_ERROR', deps.logger).code;
        await deps.db
          .update(signatureCeremonies)
          .set({ status: 'FAILED', failureCode: code })
          .where(and(eq(signatureCeremonies.id, claimed.id), eq(signatureCeremonies.status, 'SIGNING')));
      },
    )
    .catch((error: unknown) => deps.logger?.error('async signature not recorded', { error: String(error) }))
    .finally(() => running.delete(claimed.id));
  running.set(claimed.id, work);
  return claimed.id;
}

export function isSigningInProcess(ceremonyId: string): boolean {
  return running.has(ceremonyId);
}

/** Resolves when every background signature of this process has finished (tests, graceful shutdown). */
export async function backgroundSignaturesSettled(): Promise<void> {
  await Promise.all([...running.values()]);
}
