import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { passkeys, users } from '../../../db/schema';
import type { Logger } from '../../../logger';
import { type ChallengeOwner, consumeChallenge, saveChallenge } from './challenges';
import { CEREMONY_TIMEOUT_MS, type RelyingParty } from './relying-party';

/** What an assertion is for: a login (second factor or passwordless) or a step-up in the portal. */
export type AssertionPurpose = 'login' | 'stepUp';

/**
 * `userId` null: a discoverable login, any user's passkey may answer (the authenticator picks it);
 * otherwise only that user's passkeys are allowed, and asked for by id.
 */
export interface AssertionRequest {
  purpose: AssertionPurpose;
  userId: number | null;
  binding: string | null;
}

const ownerOf = (request: AssertionRequest): ChallengeOwner => ({
  userId: request.userId,
  binding: request.binding,
});

/** Options for `navigator.credentials.get`; null when a named user has no passkey. */
export async function assertionOptions(
  db: Database,
  rp: RelyingParty,
  request: AssertionRequest,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  let allowCredentials: { id: string; transports: string[] }[] | undefined;
  if (request.userId !== null) {
    allowCredentials = await db
      .select({ id: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, request.userId));
    if (allowCredentials.length === 0) return null;
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await saveChallenge(db, {
    challenge: options.challenge,
    purpose: request.purpose,
    owner: ownerOf(request),
  });
  return options;
}

export type AssertionOutcome =
  | { ok: true; userId: number; passkeyId: number }
  | { ok: false; reason: 'unknown' | 'foreign' | 'handle' | 'challenge' | 'counter' | 'invalid' };

/** The challenge the client signed, read only to spend it when the answer is refused before verification. */
function challengeOf(response: AuthenticationResponseJSON): string | null {
  try {
    const client = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    ) as {
      challenge?: unknown;
    };
    return typeof client.challenge === 'string' ? client.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Checks an assertion (WebAuthn L3 §7.2): the credential is known and (for a named user) theirs, the user
 * handle matches, the challenge is ours and unused, origin and RP id hash match, UP and UV are set, the
 * signature verifies, and the signature counter moved forward. The counter is stored with a conditional
 * UPDATE, so two answers racing with the same counter cannot both pass. Every refusal spends the challenge.
 */
export async function verifyAssertion(
  db: Database,
  deps: { rp: RelyingParty; logger: Logger },
  input: AssertionRequest & { response: AuthenticationResponseJSON },
): Promise<AssertionOutcome> {
  const { rp, logger } = deps;
  const { response } = input;
  const owner = ownerOf(input);
  const refuse = async (
    reason: Exclude<AssertionOutcome, { ok: true }>['reason'],
  ): Promise<AssertionOutcome> => {
    const challenge = challengeOf(response);
    if (challenge) await consumeChallenge(db, { challenge, purpose: input.purpose, owner });
    logger.info('security.passkey.assertion_refused', { userId: input.userId, reason });
    return { ok: false, reason };
  };
  const [row] = await db
    .select({ passkey: passkeys, enabled: users.enabled })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!row?.enabled) return refuse('unknown');
  const { passkey } = row;
  if (input.userId !== null && passkey.userId !== input.userId) return refuse('foreign');
  // A discoverable login names its user only through the handle: it must be there and be the owner's.
  const handle = response.response.userHandle;
  if ((input.userId === null && !handle) || (handle && handle !== passkey.userHandle))
    return refuse('handle');
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => consumeChallenge(db, { challenge, purpose: input.purpose, owner }),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        // Stored from the registration's own list; the library only echoes them.
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/counter/i.test(message)) return counterRegression(logger, passkey.id, passkey.userId);
    logger.info('security.passkey.assertion_refused', { userId: passkey.userId, reason: message });
    return { ok: false, reason: /challenge/i.test(message) ? 'challenge' : 'invalid' };
  }
  if (!verified.verified) return { ok: false, reason: 'invalid' };
  const info = verified.authenticationInfo;
  // Authenticators without a counter always send 0 (§6.1.1); any other value must exceed the stored one.
  const moved = await db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        info.newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, info.newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  if (moved.length === 0) return counterRegression(logger, passkey.id, passkey.userId);
  return { ok: true, userId: passkey.userId, passkeyId: passkey.id };
}

/** A counter that did not move forward may be a cloned authenticator: refused, and logged as a warning. */
function counterRegression(logger: Logger, passkeyId: number, userId: number): AssertionOutcome {
  logger.warn('security.passkey.counter_regression', { userId, passkeyId });
  return { ok: false, reason: 'counter' };
}
