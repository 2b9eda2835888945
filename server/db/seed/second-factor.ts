import { inArray } from 'drizzle-orm';
import { storeConfirmedFactor } from '../../auth/second-factor';
import { base32Decode } from '../../auth/totp';
import type { Logger } from '../../logger';
import type { Database } from '../client';
import { users } from '../schema';
import { DEMO_TOTP_SECRET, demoAccounts } from './demo-accounts';

/**
 * Enrols every demo staff account with the demo authenticator key (the README gives it), but the one left
 * new on purpose (`withoutAuthenticator`).
 */
export async function seedSecondFactors(db: Database, logger?: Logger): Promise<void> {
  const secret = base32Decode(DEMO_TOTP_SECRET);
  if (!secret) throw new Error('DEMO_TOTP_SECRET is not base32');
  const staff = demoAccounts
    .filter(
      (account) => account.userType !== 'PAT' && account.userType !== 'GUE' && !account.withoutAuthenticator,
    )
    .map((account) => account.username);
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.username, staff));
  for (const row of rows) await storeConfirmedFactor(db, { userId: row.id, secret, logger });
}
