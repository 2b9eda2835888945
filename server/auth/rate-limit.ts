import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginAttempts } from '../db/schema';
import { operationalEvents } from '../observability/events';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Failed-attempt counters per username and per client address, in fixed 15-minute windows: the login,
 * and with a scope (e.g. 'pin-reset') any other public form that must not be guessed at. The counters
 * live in the database, so every server process shares them.
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

  /**
   * Takes one attempt from both counters before the secret is looked at, or answers false when either is
   * spent. One statement per counter counts and decides, so parallel requests cannot all pass a check
   * made before any of them was counted. The attempt stays counted as a failure unless `refund` or
   * `recordSuccess` gives it back.
   */
  async tryAttempt(username: string, address: string): Promise<boolean> {
    if (!(await this.take(this.userKey(username), MAX_FAILURES_PER_USERNAME))) return this.lockedOut();
    if (await this.take(this.addressKey(address), MAX_FAILURES_PER_ADDRESS)) return true;
    await this.giveBack(this.userKey(username));
    return this.lockedOut();
  }

  private lockedOut(): false {
    operationalEvents.lockedOut(this.scope || 'login');
    return false;
  }

  /**
   * Counts one failure of a public call that names no account (e.g. a push acknowledgement with a bad
   * token) against the address alone; false once the address's window is spent.
   */
  async tryAddressFailure(address: string): Promise<boolean> {
    return this.take(this.addressKey(address), MAX_FAILURES_PER_ADDRESS);
  }

  /** The attempt taken by `tryAttempt` was not a failure (a right password before the code step). */
  async refund(username: string, address: string): Promise<void> {
    await this.giveBack(this.userKey(username));
    await this.giveBack(this.addressKey(address));
  }

  /** A completed login: the username starts over, the address gets its attempt back. */
  async recordSuccess(username: string, address?: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.key, this.userKey(username)));
    if (address !== undefined) await this.giveBack(this.addressKey(address));
  }

  /**
   * Counts one attempt unless the window's limit is reached; an expired window starts over at one.
   * `ON CONFLICT DO UPDATE … WHERE` locks the row and re-reads it, so of N parallel calls exactly as many
   * as the limit leaves get a row back.
   */
  private async take(key: string, limit: number): Promise<boolean> {
    const now = new Date();
    // ISO strings with a cast: both drivers (pg, PGlite) bind them the same way.
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const windowStart = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
    const expired = sql`${loginAttempts.windowStartedAt} <= ${windowStart}`;
    const taken = await this.db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${nowSql} else ${loginAttempts.windowStartedAt} end`,
        },
        setWhere: sql`${expired} or ${loginAttempts.failures} < ${limit}`,
      })
      .returning({ failures: loginAttempts.failures });
    return taken.length > 0;
  }

  private async giveBack(key: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
      .where(eq(loginAttempts.key, key));
  }
}
