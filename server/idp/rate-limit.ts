import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginAttempts } from '../db/schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Failed-attempt counters per username and per client address, in fixed 15-minute windows: the login,
 * and with a scope (e.g. 'pin-reset') any other public form that must not be guessed at.
 */
export class LoginRateLimit {
  constructor(
    private readonly db: Database,
    private readonly scope = '',
  ) {}

  private userKey(username: string): string {
    return `${this.scope ? `${this.scope}:` : ''}user:${username.toLowerCase()}`;
  }

  private addressKey(address: string): string {
    return `${this.scope ? `${this.scope}:` : ''}ip:${address}`;
  }

  /** Whether either counter has reached its limit inside its current window. */
  async isBlocked(username: string, address: string): Promise<boolean> {
    const since = Date.now() - LOGIN_WINDOW_MS;
    const rows = await this.db
      .select()
      .from(loginAttempts)
      .where(inArray(loginAttempts.key, [this.userKey(username), this.addressKey(address)]));
    return rows.some((row) => {
      if (row.windowStartedAt.getTime() <= since) return false;
      const limit = row.key === this.userKey(username) ? MAX_FAILURES_PER_USERNAME : MAX_FAILURES_PER_ADDRESS;
      return row.failures >= limit;
    });
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const now = new Date();
    // ISO strings with a cast: both drivers (pg, PGlite) bind them the same way.
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const windowStart = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
    for (const key of [this.userKey(username), this.addressKey(address)]) {
      // An expired window starts over at one failure instead of adding to the old count.
      await this.db
        .insert(loginAttempts)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            failures: sql`case when ${loginAttempts.windowStartedAt} <= ${windowStart} then 1 else ${loginAttempts.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} <= ${windowStart} then ${nowSql} else ${loginAttempts.windowStartedAt} end`,
          },
        });
    }
  }

  async recordSuccess(username: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.key, this.userKey(username)));
  }
}
