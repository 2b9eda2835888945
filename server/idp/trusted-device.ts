import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { trustedDevices } from '../db/schema';
import { readCookie } from './locale';

/** A device a patient chose to remember skips the SMS code for 30 days. */
export const TRUSTED_DEVICE_COOKIE = 'idp_trusted';
/** The name on https: `__Host-` keeps other hosts and plain-http pages from planting or shadowing it. */
export const TRUSTED_DEVICE_COOKIE_HTTPS = `__Host-${TRUSTED_DEVICE_COOKIE}`;
export const TRUSTED_DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A shared family tablet may remember a few people; older tokens drop off. */
const MAX_TOKENS_PER_BROWSER = 5;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The well-formed tokens this browser carries (the cookie holds one per remembered user). */
export function presentedTokens(req: IncomingMessage): string[] {
  const value = readCookie(req, TRUSTED_DEVICE_COOKIE_HTTPS) ?? readCookie(req, TRUSTED_DEVICE_COOKIE) ?? '';
  return value
    .split('.')
    .filter((token) => TOKEN_PATTERN.test(token))
    .slice(0, MAX_TOKENS_PER_BROWSER);
}

/** The hashes of those tokens, as `trusted_devices` stores them. */
export const presentedHashes = (req: IncomingMessage): string[] => presentedTokens(req).map(hashToken);

/**
 * Whether one of the browser's tokens is a live trusted device of this user. A yes is a use of the
 * device (it skips the second factor now): its last use moves in the same statement.
 */
export async function isTrustedDevice(
  db: Database,
  req: IncomingMessage,
  userId: number,
  now = new Date(),
): Promise<boolean> {
  const hashes = presentedHashes(req);
  if (hashes.length === 0) return false;
  const used = await db
    .update(trustedDevices)
    .set({ lastUsedAt: now })
    .where(
      and(
        inArray(trustedDevices.tokenHash, hashes),
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.revoked, false),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .returning({ tokenHash: trustedDevices.tokenHash });
  return used.length > 0;
}

/**
 * Remembers this browser for the user: only the token's hash is stored. Returns the Set-Cookie value
 * (httpOnly, SameSite=Lax; on https `__Host-`, Secure, Path=/; on http limited to the IdP's path).
 */
export async function trustDevice(
  db: Database,
  req: IncomingMessage,
  input: { userId: number; basePath: string; secure: boolean; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const label = String(req.headers['user-agent'] ?? '').slice(0, 200) || null;
  await db.insert(trustedDevices).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    label,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_TTL_MS),
  });
  const tokens = [token, ...presentedTokens(req)].slice(0, MAX_TOKENS_PER_BROWSER);
  const maxAge = Math.floor(TRUSTED_DEVICE_TTL_MS / 1000);
  const where = input.secure
    ? `${TRUSTED_DEVICE_COOKIE_HTTPS}=${tokens.join('.')}; Path=/`
    : `${TRUSTED_DEVICE_COOKIE}=${tokens.join('.')}; Path=${input.basePath}`;
  return `${where}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${input.secure ? '; Secure' : ''}`;
}
