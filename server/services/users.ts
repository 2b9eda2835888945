import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type UserRow, users } from '../db/schema';

export function isStaff(user: Pick<UserRow, 'userType'>): boolean {
  return user.userType === 'PHY' || user.userType === 'OPT' || user.userType === 'ADM';
}

/**
 * A login succeeded: the previous one moves to `previousLoginAt` (the start of "new since your last
 * visit"). One statement, so two logins at once cannot lose a time: SET reads the row's old values.
 */
export async function recordLogin(db: Database, subject: string, now: Date = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: now })
    .where(eq(users.subject, subject));
}
