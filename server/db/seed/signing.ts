import { inArray } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { hashPassword } from '../../services/password';
import { issueCredential } from '../../services/signing/credentials';
import type { Database } from '../client';
import { users } from '../schema';
import { demoAccounts } from './demo-accounts';

/** Every demo account signs with this PIN (README, demo accounts). */
export const DEMO_SIGNING_PIN = '123456';

/**
 * A signing credential for every demo account: certificate of the portal's CA (created here on first
 * use), key sealed with the signing secret, the demo PIN. One PIN hash for all: scrypt is slow on purpose.
 */
export async function seedSigningCredentials(db: Database, logger?: Logger): Promise<number> {
  const rows = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.username,
        demoAccounts.map((account) => account.username),
      ),
    );
  const pinHash = await hashPassword(DEMO_SIGNING_PIN);
  for (const user of rows) await issueCredential(db, user, { pinHash, ...(logger ? { logger } : {}) });
  return rows.length;
}
