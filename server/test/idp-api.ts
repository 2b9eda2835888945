import type { Hono } from 'hono';
import { createApp } from '../app';
import type { AppEnv } from '../app-env';
import { grantLiveness } from '../auth/grant-liveness';
import { databaseReplayStore } from '../auth/replay-store';
import { createTokenVerifier } from '../auth/token-verifier';
import { createMemoryLogger } from '../logger';
import { LiveHub } from '../services/live/hub';
import type { TestIdp } from './idp';

/**
 * The API on the test IdP's database, checking tokens and grants as production does; `requireDpop`: only
 * DPoP-bound tokens with their proof, as the portal's browser sends them.
 */
export async function apiOn(
  t: TestIdp,
  options: { requireDpop?: boolean } = {},
): Promise<{ app: Hono<AppEnv>; close(): Promise<void> }> {
  const logger = createMemoryLogger();
  const live = await new LiveHub(t.config.maxLiveStreams, logger).start(t.database);
  const verifyToken = createTokenVerifier({
    issuer: t.issuer,
    audience: t.config.apiAudience,
    jwks: t.idp.publicJwks,
    requireDpop: options.requireDpop ?? false,
    replayStore: databaseReplayStore(t.database.db),
    grantIsLive: grantLiveness(t.database.db),
  });
  const app = createApp({ config: t.config, db: t.database.db, logger, verifyToken, live });
  return { app, close: () => live.stop() };
}
