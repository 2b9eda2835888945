/**
 * The stored login, read without oidc-client-ts: the JSON its user store keeps in local storage
 * (`User.toStorageString()`), enough for the first screen's API calls. Renewal, login and logout go through the
 * library (./user-manager.ts).
 */
import type { User } from 'oidc-client-ts';
import { storedUserKey } from './user-manager';

/** The fields of the library's `User` that the portal reads. */
export type SessionUser = Pick<
  User,
  'access_token' | 'refresh_token' | 'id_token' | 'token_type' | 'scope' | 'profile' | 'expires_at' | 'state'
>;

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const { access_token, expires_at } = value as Record<string, unknown>;
  return typeof access_token === 'string' && (expires_at === undefined || typeof expires_at === 'number');
}

/** The stored login (valid or not), or null when there is none or it cannot be read. */
export function readStoredUser(): SessionUser | null {
  try {
    const text = localStorage.getItem(storedUserKey());
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Seconds of validity left, as the library's `User.expires_in` (no expiry: forever). */
export function remainingSeconds(user: Pick<SessionUser, 'expires_at'>): number {
  return user.expires_at === undefined
    ? Number.POSITIVE_INFINITY
    : user.expires_at - Math.floor(Date.now() / 1000);
}
