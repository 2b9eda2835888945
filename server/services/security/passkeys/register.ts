import { randomBytes } from 'node:crypto';
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { passkeys } from '../../../db/schema';
import { HttpError } from '../../../http-error';
import type { Logger } from '../../../logger';
import { saveChallenge, takeChallenge } from './challenges';
import { CEREMONY_TIMEOUT_MS, MAX_PASSKEYS_PER_USER, type RelyingParty } from './relying-party';

/** The signed-in user a passkey is being added to. */
export interface PasskeyOwner {
  id: number;
  username: string;
  displayName: string;
}

/** ES256 and RS256 (WebAuthn L3 §5.8.5 asks RPs to accept both), plus EdDSA. */
export const SUPPORTED_ALGORITHMS = [-8, -7, -257];

async function userHandleOf(db: Database, userId: number): Promise<string> {
  const [row] = await db
    .select({ handle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  // A random handle (no personal data in user.id, §14.6.1), the same for every later passkey of the user.
  return row?.handle ?? randomBytes(32).toString('base64url');
}

/**
 * The options for `navigator.credentials.create`: a discoverable credential is required (so it can sign in
 * without a username), user verification is required (the passkey alone is then two factors), and the
 * user's passkeys are excluded so one authenticator does not register twice.
 */
export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  user: PasskeyOwner,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw new HttpError(409, 'PASSKEY_LIMIT');
  const handle = await userHandleOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName,
    userID: Buffer.from(handle, 'base64url'),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
  await saveChallenge(db, {
    challenge: options.challenge,
    purpose: 'register',
    // The handle sent travels with the challenge: the credential is stored under that very handle.
    owner: { userId: user.id, binding: handle },
  });
  return options;
}

const refused = (): HttpError => new HttpError(400, 'PASSKEY_REFUSED');

/**
 * Checks the authenticator's answer (WebAuthn L3 §7.1: challenge, origin, RP id hash, UP and UV flags,
 * algorithm) and stores the credential. The challenge is spent whatever the outcome.
 */
export async function registerPasskey(
  db: Database,
  deps: { rp: RelyingParty; logger: Logger },
  input: { user: PasskeyOwner; response: RegistrationResponseJSON; name: string },
): Promise<{ id: number }> {
  const { rp, logger } = deps;
  const { user } = input;
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  let userHandle: string | null = null;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: async (challenge) => {
        const taken = await takeChallenge(db, { challenge, purpose: 'register', owner: { userId: user.id } });
        userHandle = taken?.binding ?? null;
        return userHandle !== null;
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch (error) {
    logger.info('security.passkey.register_refused', {
      userId: user.id,
      reason: error instanceof Error ? error.message : String(error),
    });
    throw refused();
  }
  if (!verification.verified || userHandle === null) throw refused();
  const info = verification.registrationInfo;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (total >= MAX_PASSKEYS_PER_USER) throw new HttpError(409, 'PASSKEY_LIMIT');
  const inserted = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: input.response.response.transports ?? [],
      userHandle,
      name: input.name,
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
    })
    // A credential id already registered (to anyone) is refused, never moved (§7.1 step 25).
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  const row = inserted[0];
  if (!row) {
    logger.warn('security.passkey.duplicate_credential', { userId: user.id });
    throw refused();
  }
  logger.info('security.passkey.registered', { userId: user.id, passkeyId: row.id });
  return row;
}
