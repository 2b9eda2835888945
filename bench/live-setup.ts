/**
 * bench:live's setup: a PostgreSQL database of its own with the demo data, 10,000 documents for Mario and
 * one patient account per five streams (written straight into the tables before the servers start, as a
 * hospital's accounts already exist), the portal's processes on it, and each account signed in through
 * the embedded IdP's real login flow (password, SMS code from the demo outbox, DPoP-bound token).
 */
import { eq, like } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { patients, users } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { seedScale } from '../server/db/seed/scale';
import { hashPassword } from '../server/services/password';
import { type DpopKey, dpopKey } from '../server/test/idp';
import { refreshTokens, signInTokens, type Tokens } from './login';
import { freshPostgres } from './server';

/** One patient account of the bench, its device key and its current tokens. */
export interface LiveUser {
  id: number;
  username: string;
  key: DpopKey;
  tokens: Tokens;
}

const USERNAME_PREFIX = 'live.';

/** `work` over `items`, at most `size` at once, in order of the items. */
export async function pool<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

/** The database, seeded; resolves to its URL and Mario's patient id (the document list's dossier). */
export async function seedLiveDatabase(
  databaseUrl: string,
  accounts: number,
  docs: number,
): Promise<{ location: string; patientId: number }> {
  const location = await freshPostgres(databaseUrl, process.env.BENCH_LIVE_DATABASE ?? 'bench_live');
  const database = await openDatabase(location);
  try {
    await seedDemoData(database.db);
    const [mario] = await database.db
      .select({ patientId: users.patientId })
      .from(users)
      .where(eq(users.username, 'mario.rossi'));
    const patientId = mario?.patientId ?? 0;
    // A few more than needed: a drawn fiscal code that a demo patient holds is skipped, not redrawn.
    const extra = Math.ceil(accounts / 100) + 10;
    await seedScale(database.db, { patients: accounts + extra, docs, docsPatientId: patientId });
    const scale = await database.db
      .select({
        id: patients.mepiId,
        fiscalCode: patients.fiscalCode,
        name: patients.name,
        surname: patients.surname,
      })
      .from(patients)
      .where(like(patients.masterId, 'SCALE-%'))
      .orderBy(patients.mepiId);
    // One hash for all: the same password, and scrypt's 100 ms each would be minutes at 2,000 accounts.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const rows = scale.slice(0, accounts).map((patient, index) => ({
      subject: `bench-live-${index}`,
      username: `${USERNAME_PREFIX}${index}`,
      passwordHash,
      userType: 'PAT',
      displayName: `${patient.name} ${patient.surname}`,
      email: `live.${index}@example.it`,
      mobilePhone: `+39 333 ${String(2_000_000 + index).padStart(7, '0')}`,
      fiscalCode: patient.fiscalCode,
      patientId: patient.id,
    }));
    for (let start = 0; start < rows.length; start += 1000)
      await database.db.insert(users).values(rows.slice(start, start + 1000));
    if (rows.length < accounts) throw new Error(`only ${rows.length} of ${accounts} patients seeded`);
    return { location, patientId };
  } finally {
    await database.close();
  }
}

/** The accounts' ids by username, read once (the NOTIFY payload names users by id). */
export async function accountIds(location: string): Promise<Map<string, number>> {
  const database = await openDatabase(location);
  try {
    const rows = await database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(like(users.username, `${USERNAME_PREFIX}%`));
    return new Map(rows.map((row) => [row.username, row.id]));
  } finally {
    await database.close();
  }
}

/** Every account signed in through `base`'s IdP, `parallel` logins at a time. */
export async function signInAccounts(
  base: string,
  ids: Map<string, number>,
  parallel: number,
): Promise<LiveUser[]> {
  return pool([...ids], parallel, async ([username, id]) => {
    const key = await dpopKey();
    return { id, username, key, tokens: await signInTokens(base, username, DEMO_PASSWORD, key) };
  });
}

/** Fresh access tokens for all (they live 5 minutes; a phase starts with tokens just issued). */
export async function refreshAll(base: string, accounts: LiveUser[], parallel: number): Promise<void> {
  await pool(accounts, parallel, async (account) => {
    const { refreshToken } = account.tokens;
    account.tokens = refreshToken
      ? await refreshTokens(base, refreshToken, account.key)
      : await signInTokens(base, account.username, DEMO_PASSWORD, account.key);
  });
}
