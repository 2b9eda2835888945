import { inArray } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { issueCredential } from '../../services/signing/credentials';
import type { Database } from '../client';
import { users } from '../schema';
import { demoAccounts } from './demo-accounts';

/** Every demo account signs with this PIN (README, demo accounts). */
export const DEMO_SIGNING_PIN = '123456';
/**
 * scrypt hash of the demo PIN, computed once (the PIN is public anyway): hashing it at every seed would
 * add half a second to each test database. A test checks it still matches.
 */
export const DEMO_SIGNING_PIN_HASH =
  'scrypt$32768$8$1$DtJbsN5TwIBbkjM3XCS8lg$Brk4SgLIj9-Vvsgafk-yw1zzzwCSV58o35VEnZ_GiVQAf4uKQa4eKPyr5DYoBeMFJX_g-tgEtEo9tH-k4APCmw';

/**
 * A signing credential for every demo account: certificate of the portal's CA (created here on first
 * use), key sealed with the signing secret, the demo PIN.
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
  // In parallel: key generation and certificate signing overlap the database round trips.
  await Promise.all(
    rows.map((user) =>
      issueCredential(db, user, { pinHash: DEMO_SIGNING_PIN_HASH, ...(logger ? { logger } : {}) }),
    ),
  );
  return rows.length;
}
