import { createHash } from 'node:crypto';
import { lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dpopProofs, oidcPayloads } from '../db/schema';
import { liveGrantCondition } from './grant-liveness';

/** Remembers DPoP proofs until they could no longer be accepted, to refuse a replayed one. */
export interface ReplayStore {
  /** Records the key until `until`; false when it was already there and still live. */
  remember(key: string, until: Date): Promise<boolean>;
  /**
   * remember, and whether the embedded IdP's grant still lives (as grantLiveness reads it), in one round
   * trip: a store on the IdP's database has it; the verifier otherwise reads the grant beside remember.
   */
  rememberWithGrant?(
    key: string,
    until: Date,
    grantId: string,
  ): Promise<{ fresh: boolean; grantLive: boolean }>;
}

const PRUNE_INTERVAL_MS = 60 * 1000;

/** The insert that decides, built and named once per database (it runs on every API request). */
function rememberStatement(db: Database, name: string, withGrant: boolean) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db
    .insert(dpopProofs)
    .values({ key: sql.placeholder('key'), expiresAt: sql.placeholder('until') })
    .onConflictDoUpdate({
      target: dpopProofs.key,
      set: { expiresAt: sql`${sql.placeholder('untilText')}::timestamptz` },
      setWhere: sql`${dpopProofs.expiresAt} <= ${now}`,
    })
    .returning({
      key: dpopProofs.key,
      // Read in the statement's snapshot, as the separate read would: one round trip and one statement less.
      grantLive: withGrant
        ? sql<boolean>`exists (select 1 from ${oidcPayloads} where ${liveGrantCondition(sql.placeholder('grantId'), now)})`
        : sql<boolean>`false`,
    })
    .prepare(name);
}

/**
 * In PostgreSQL, so every server process and a restart see the same proofs: one insert decides (a live
 * row makes it return nothing), expired rows are taken over, and the rest is pruned once a minute.
 */
export function databaseReplayStore(db: Database, onPruneError?: (error: Error) => void): ReplayStore {
  let lastPrune = 0;
  const alone = rememberStatement(db, 'dpop_remember', false);
  const withGrant = rememberStatement(db, 'dpop_remember_grant', true);
  const run = async (key: string, until: Date, grantId: string | null) => {
    const now = new Date();
    if (now.getTime() - lastPrune > PRUNE_INTERVAL_MS) {
      lastPrune = now.getTime();
      db.delete(dpopProofs)
        .where(lte(dpopProofs.expiresAt, now))
        .catch((error: Error) => onPruneError?.(error));
    }
    // A fixed-length key whatever the client put in its jti.
    const digest = createHash('sha256').update(key).digest('base64url');
    const values = { key: digest, until, untilText: until.toISOString(), now: now.toISOString() };
    const [row] = await (grantId === null
      ? alone.execute(values)
      : withGrant.execute({ ...values, grantId }));
    return { fresh: row !== undefined, grantLive: row?.grantLive === true };
  };
  return {
    remember: async (key, until) => (await run(key, until, null)).fresh,
    rememberWithGrant: (key, until, grantId) => run(key, until, grantId),
  };
}

const MEMORY_MAX_ENTRIES = 100_000;

/** One process only, forgotten at a restart: for unit tests of the verifier without a database. */
export function memoryReplayStore(): ReplayStore {
  const seen = new Map<string, number>();
  return {
    async remember(key, until) {
      const now = Date.now();
      if (seen.size >= MEMORY_MAX_ENTRIES) {
        for (const [old, expiry] of seen) if (expiry <= now) seen.delete(old);
      }
      const expiry = seen.get(key);
      if (expiry !== undefined && expiry > now) return false;
      seen.set(key, until.getTime());
      return true;
    },
  };
}
