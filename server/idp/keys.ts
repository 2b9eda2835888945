import { randomBytes } from 'node:crypto';
import { asc, like, not, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';
import { signingKeys } from '../db/schema';

export const SIGNING_ALG = 'ES256';
const COOKIE_KID = 'cookie-1';

export interface IdpKeys {
  /** Private signing JWKs, oldest first so every instance signs with the same key. */
  signing: JWK[];
  /** Secrets that sign oidc-provider's cookies. */
  cookie: string[];
}

async function newSigningKey(): Promise<{ kid: string; jwk: JWK }> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, jwk: { ...jwk, kid, alg: SIGNING_ALG, use: 'sig' } };
}

async function readSigningKeys(db: Pick<Database, 'select'>): Promise<JWK[]> {
  const rows = await db
    .select()
    .from(signingKeys)
    .where(not(like(signingKeys.kid, 'cookie-%')))
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.kid));
  return rows.map((row) => row.privateJwk as JWK);
}

/**
 * Loads the provider's keys, making them on first start. Kept in the database so tokens and
 * cookies stay valid across restarts and between instances.
 */
export async function loadIdpKeys(db: Database): Promise<IdpKeys> {
  let signing = await readSigningKeys(db);
  if (signing.length === 0) {
    const { kid, jwk } = await newSigningKey();
    // Processes started together: one writes the first key and the others read it. A key each would
    // leave each process signing with a key the others, which loaded theirs, do not know.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('idp-first-key:' || current_schema()))`);
      if ((await readSigningKeys(tx)).length === 0)
        await tx.insert(signingKeys).values({ kid, privateJwk: jwk });
    });
    signing = await readSigningKeys(db);
  }
  await db
    .insert(signingKeys)
    .values({ kid: COOKIE_KID, privateJwk: { kty: 'oct', k: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const cookieRows = await db
    .select()
    .from(signingKeys)
    .where(like(signingKeys.kid, 'cookie-%'))
    .orderBy(asc(signingKeys.kid));
  const cookie = cookieRows.map((row) => (row.privateJwk as { k: string }).k);
  return { signing, cookie };
}

/** The public half of the signing keys, for the API's token verifier. */
export function publicJwksOf(signing: readonly JWK[]): { keys: JWK[] } {
  return {
    keys: signing.map(({ kty, crv, x, y, n, e, kid, alg, use }) => {
      const fields = Object.entries({ kty, crv, x, y, n, e, kid, alg, use });
      return Object.fromEntries(fields.filter(([, value]) => value !== undefined)) as JWK;
    }),
  };
}
