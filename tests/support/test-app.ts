import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { createApp } from '../../server/app';
import type { AppDeps, AppEnv } from '../../server/app-env';
import type { AccountSwitcher } from '../../server/auth/principal';
import { databaseReplayStore } from '../../server/auth/replay-store';
import { createTokenVerifier } from '../../server/auth/token-verifier';
import { loadConfig, type ServerConfig } from '../../server/config';
import { type Database, type DatabaseHandle, openDatabase } from '../../server/db/client';
import { seedDemoData } from '../../server/db/seed';
import { createMemoryLogger, type LogFields } from '../../server/logger';
import { LiveHub } from '../../server/services/live/hub';
import { openTestDatabase } from './databases';

export { databaseTargets } from './databases';

export interface TestContext {
  app: Hono<AppEnv>;
  db: Database;
  /** The handle behind `db` (its pool's figures, for the metrics). */
  database: DatabaseHandle;
  config: ServerConfig;
  logLines: LogFields[];
  /** A real ES256 access token for a seeded user, as the identity provider would issue it. */
  tokenFor(username: string, options?: TokenOptions): Promise<string>;
  /** The same for a token subject (an account of a guest is `<subject>#g<grant>`). */
  tokenForSubject(subject: string, options?: TokenOptions): Promise<string>;
  /** The account switches the stand-in for the IdP minted: from whom (subject, grant) to which subject. */
  switches: { from: { subject: string; grantId: string }; toSubject: string }[];
  /** `app.request` with the token and language headers the portal sends. */
  call(path: string, username: string | null, init?: RequestInit & { language?: string }): Promise<Response>;
  live: LiveHub;
  /**
   * PostgreSQL only: another server process on the same schema (its own pool, LISTEN connection and live
   * hub), taking the same tokens.
   */
  secondInstance(): Promise<Pick<TestContext, 'app' | 'live' | 'call' | 'close'>>;
  close(): Promise<void>;
}

const issuer = 'https://idp.test/idp';

interface TokenOptions {
  expiresInSeconds?: number;
  amr?: string[];
}

export async function createTestContext(
  location: string,
  overrides: Partial<ServerConfig> = {},
  /** Dependencies the embedded IdP would give (context-sharing logins). */
  extraDeps: Pick<AppDeps, 'launchSessions'> = {},
  /**
   * `ownDatabase`: the location is the test's own database, used as the server uses it (PostgreSQL's
   * public schema, not an isolated one); `seed: false` leaves an empty database empty; `clinical: true`
   * adds the structured clinical record to the demo data (a second on PGlite, so only where it is read).
   */
  options: { ownDatabase?: boolean; seed?: boolean; clinical?: boolean } = {},
): Promise<TestContext> {
  const database = options.ownDatabase
    ? { ...(await openDatabase(location)), isolatedSchema: undefined }
    : await openTestDatabase(location);
  if (options.seed ?? true)
    await seedDemoData(database.db, undefined, { clinical: options.clinical ?? false });
  const config: ServerConfig = {
    ...loadConfig({ PUBLIC_URL: 'http://localhost', STATIC_DIR: './test-results/no-static' }),
    ...overrides,
  };
  const logger = createMemoryLogger();
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'ES256', use: 'sig' };
  const verifyToken = createTokenVerifier({
    issuer,
    audience: config.apiAudience,
    jwks: { keys: [publicJwk] },
    requireDpop: false,
    replayStore: databaseReplayStore(database.db),
  });
  const live = await new LiveHub(config.maxLiveStreams, logger).start(database);
  const switches: TestContext['switches'] = [];
  // Stands in for the embedded IdP's switch (server/idp/account-switch.ts, tested with the real provider
  // in server/idp/account-switch.test.ts): a token for the chosen subject with the same `amr`.
  const switchAccount: AccountSwitcher = async (from, toSubject) => {
    switches.push({ from: { subject: from.subject, grantId: from.grantId }, toSubject });
    return {
      access_token: await tokenForSubject(toSubject, { amr: ['pwd', 'otp', 'mfa'] }),
      refresh_token: randomBytes(16).toString('hex'),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'profile email offline_access',
    };
  };
  const app = createApp({
    config,
    db: database.db,
    logger,
    verifyToken,
    live,
    ping: database.ping,
    ...extraDeps,
    switchAccount,
  });
  const withHeaders = async (username: string | null, init: RequestInit & { language?: string }) => {
    const headers = new Headers(init.headers);
    if (username) headers.set('Authorization', `Bearer ${await tokenFor(username)}`);
    headers.set('Accept-Language', init.language ?? 'it-IT');
    return { ...init, headers };
  };

  const tokenFor: TestContext['tokenFor'] = (username, options = {}) =>
    tokenForSubject(`demo-${username}`, options);
  async function tokenForSubject(subject: string, options: TokenOptions = {}): Promise<string> {
    return new SignJWT({
      scope: 'openid profile',
      amr: options.amr ?? ['pwd'],
      client_id: 'portal',
      grant_id: `test-grant-${randomBytes(6).toString('hex')}`,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'test', typ: 'at+jwt' })
      .setIssuer(issuer)
      .setAudience(config.apiAudience)
      .setSubject(subject)
      .setIssuedAt()
      .setJti(randomBytes(8).toString('hex'))
      .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 300))
      .sign(privateKey);
  }

  return {
    app,
    db: database.db,
    database,
    config,
    logLines: logger.lines,
    tokenFor,
    tokenForSubject,
    switches,
    async call(path, username, init = {}) {
      return app.request(path, await withHeaders(username, init));
    },
    async secondInstance() {
      const { isolatedSchema } = database;
      if (!isolatedSchema) throw new Error('a second instance needs PostgreSQL');
      const other = await openDatabase(location, { isolatedSchema, keepSchema: true });
      const otherLive = await new LiveHub(config.maxLiveStreams, logger).start(other);
      const otherApp = createApp({
        config,
        db: other.db,
        logger,
        verifyToken,
        live: otherLive,
        ...extraDeps,
        switchAccount,
      });
      return {
        app: otherApp,
        live: otherLive,
        call: async (path, username, init = {}) => otherApp.request(path, await withHeaders(username, init)),
        async close() {
          await otherLive.stop();
          await other.close();
        },
      };
    },
    live,
    async close() {
      await live.stop();
      await database.close();
    },
  };
}
