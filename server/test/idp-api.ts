import type { Hono } from 'hono';
import { createApp } from '../app';
import type { AppEnv } from '../app-env';
import { embeddedTokenCheck } from '../auth/embedded-verifier';
import { databaseReplayStore } from '../auth/replay-store';
import { fhirAudienceOf } from '../config';
import { FHIR_BASE } from '../constants';
import { createMemoryLogger } from '../logger';
import { LiveHub } from '../services/live/hub';
import type { TestIdp } from './idp';

/**
 * The API on the test IdP's database, checking tokens and grants as production does (the registered
 * apps' tokens on /fhir too); `requireDpop`: only DPoP-bound portal tokens with their proof, as the
 * portal's browser sends them.
 */
export async function apiOn(
  t: TestIdp,
  options: { requireDpop?: boolean } = {},
): Promise<{ app: Hono<AppEnv>; close(): Promise<void> }> {
  const logger = createMemoryLogger();
  const live = await new LiveHub(t.config.maxLiveStreams, logger).start(t.database);
  const verifyToken = embeddedTokenCheck({
    db: t.database.db,
    issuer: t.issuer,
    jwks: t.idp.publicJwks,
    apiAudience: t.config.apiAudience,
    fhirAudience: fhirAudienceOf(t.config),
    fhirBase: FHIR_BASE,
    requireDpop: options.requireDpop ?? false,
    replayStore: databaseReplayStore(t.database.db),
  });
  const app = createApp({ config: t.config, db: t.database.db, logger, verifyToken, live });
  return { app, close: () => live.stop() };
}
