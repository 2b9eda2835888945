import type { UserRow } from '../../db/schema';

/** Without a previous login (a first visit, or an external identity provider), "new" means the last 30 days. */
const FALLBACK_DAYS = 30;

/**
 * Where "new since your last visit" starts: the login before the current one (decisions.md, "Home").
 * Later logins move it forward; opening screens does not.
 */
export function sinceOf(user: Pick<UserRow, 'previousLoginAt'>, now: Date): Date {
  return user.previousLoginAt ?? new Date(now.getTime() - FALLBACK_DAYS * 24 * 3600_000);
}
