import { hkdfSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { LoginRateLimit } from '../../auth/rate-limit';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { vapidKeys } from './push-keys';

/**
 * How long a push may take to be shown and acknowledged: the push service keeps it a day
 * (TIME_TO_LIVE_SECONDS), the worker answers at once; an hour more for a clock or a slow network.
 */
export const ACK_TOKEN_TTL_SECONDS = 25 * 3600;

const ISSUER = 'dossier-push-ack';

/**
 * The ack tokens' HMAC key, derived from the stored VAPID private key: every server process has the
 * same one without a new secret to configure, and it is never the signing key itself.
 */
export function ackKeyOf(vapidPrivateKey: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', Buffer.from(vapidPrivateKey, 'base64url'), '', 'push-ack', 32));
}

const keys = new WeakMap<Database, Promise<Uint8Array>>();
export function ackKey(db: Database): Promise<Uint8Array> {
  let key = keys.get(db);
  if (!key) {
    key = vapidKeys(db).then(({ privateKey }) => ackKeyOf(privateKey));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export interface AckClaims {
  subscriptionId: number;
  /** The first outbox row of the push: a trace, not used to decide anything. */
  outboxId: number;
  sentAt: Date;
}

export async function signAckToken(key: Uint8Array, claims: AckClaims): Promise<string> {
  const issuedAt = Math.floor(claims.sentAt.getTime() / 1000);
  // `sat` keeps the milliseconds `iat` drops: the ack is compared with `last_sent_at`.
  return new SignJWT({ oid: claims.outboxId, sat: claims.sentAt.getTime() })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setSubject(String(claims.subscriptionId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACK_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** The claims of a token this portal signed and that has not expired at `now`, or null. */
export async function verifyAckToken(key: Uint8Array, token: string, now: Date): Promise<AckClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    const subscriptionId = Number(payload.sub);
    if (!Number.isSafeInteger(subscriptionId) || typeof payload.sat !== 'number') return null;
    return { subscriptionId, outboxId: Number(payload.oid), sentAt: new Date(payload.sat) };
  } catch {
    return null;
  }
}

/**
 * The service worker showed a push sent at `sentAt`: the device works. Pushes sent up to then are
 * covered; if more were sent since, the device waits for them from the newest send (a safe guess: it
 * can only make the device count as silent later, never sooner). Returns false for a device that no
 * longer exists.
 */
export async function acknowledgePush(db: Database, claims: AckClaims, now: Date): Promise<boolean> {
  const sentAt = sql`${claims.sentAt.toISOString()}::timestamptz`;
  const rows = await db
    .update(pushSubscriptions)
    .set({
      lastShownAt: sql`greatest(${pushSubscriptions.lastShownAt}, ${now.toISOString()}::timestamptz)`,
      unackedSince: sql`case
        when ${pushSubscriptions.lastSentAt} is null or ${pushSubscriptions.lastSentAt} <= ${sentAt} then null
        when ${pushSubscriptions.unackedSince} > ${sentAt} then ${pushSubscriptions.unackedSince}
        else ${pushSubscriptions.lastSentAt} end`,
    })
    .where(eq(pushSubscriptions.id, claims.subscriptionId))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/**
 * `POST /notify/push/ack`: no access token, so the token is the only proof. A bad, expired or forged
 * token, or one of a device that is gone, is 404 and nothing more; each counts against the caller's
 * address (the login's 20 in 15 minutes), past which the answer is 429. A good one costs one UPDATE.
 */
export async function receivePushAck(db: Database, token: string, address: string, now: Date): Promise<void> {
  const claims = await verifyAckToken(await ackKey(db), token, now);
  if (claims && (await acknowledgePush(db, claims, now))) return;
  if (!(await new LoginRateLimit(db, 'push-ack').tryAddressFailure(address))) {
    throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '900' });
  }
  throw new HttpError(404, 'NOT_FOUND');
}
