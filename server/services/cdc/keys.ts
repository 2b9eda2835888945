import { eq } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/client';
import { cdcKeys } from '../../db/schema';

export const LAUNCH_ALG = 'ES256';
const DEMO_KEY = 'demo-launcher';

export interface DemoLauncherKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * The demo launcher's key pair: made at the first start and kept, like the VAPID keys, so launch
 * tokens survive a restart and every process agrees on the first row written.
 */
const configuredKeys = new Map<string, JWTVerifyGetKey>();
const loaded = new WeakMap<Database, Promise<DemoLauncherKey>>();

export function demoLauncherKey(db: Database): Promise<DemoLauncherKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadDemoLauncherKey(db);
    // A failed load is tried again next time rather than remembered.
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

async function loadDemoLauncherKey(db: Database): Promise<DemoLauncherKey> {
  const fresh = await generateKeyPair(LAUNCH_ALG, { extractable: true });
  const privateJwk = { ...(await exportJWK(fresh.privateKey)), kid: DEMO_KEY, alg: LAUNCH_ALG };
  const publicJwk = { ...(await exportJWK(fresh.publicKey)), kid: DEMO_KEY, alg: LAUNCH_ALG, use: 'sig' };
  await db
    .insert(cdcKeys)
    .values({ name: DEMO_KEY, privateJwk: JSON.stringify(privateJwk), publicJwk: JSON.stringify(publicJwk) })
    .onConflictDoNothing();
  const [row] = await db.select().from(cdcKeys).where(eq(cdcKeys.name, DEMO_KEY));
  if (!row) throw new Error('launcher key not stored');
  const stored = JSON.parse(row.privateJwk) as JWK;
  const privateKey = await importJWK(stored, LAUNCH_ALG);
  if (!(privateKey instanceof CryptoKey)) throw new Error('launcher key is not an asymmetric key');
  return { kid: DEMO_KEY, privateKey, publicJwk: JSON.parse(row.publicJwk) as JWK };
}

/**
 * The keys a launch token must be signed with: CDC_LAUNCHER_JWKS (a JWKS URL of the hospital application,
 * or the JWKS itself as JSON), else in demo mode the demo launcher's key; null: context sharing is off.
 */
export async function launcherKeys(config: ServerConfig, db: Database): Promise<JWTVerifyGetKey | null> {
  const configured = config.cdcLauncherJwks;
  if (configured) {
    // One key set per setting: a remote set caches the fetched keys and refetches only for an unknown kid.
    let keys = configuredKeys.get(configured);
    if (!keys) {
      keys = configured.startsWith('{')
        ? createLocalJWKSet(JSON.parse(configured) as JSONWebKeySet)
        : createRemoteJWKSet(new URL(configured));
      configuredKeys.set(configured, keys);
    }
    return keys;
  }
  if (!config.demoMode) return null;
  const { publicJwk } = await demoLauncherKey(db);
  return createLocalJWKSet({ keys: [publicJwk] });
}
