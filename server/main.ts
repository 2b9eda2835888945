// First: refuse an old Node before any other module evaluates (see the module).
import './require-supported-node';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { embeddedTokenCheck } from './auth/embedded-verifier';
import type { VerifyToken } from './auth/principal';
import { databaseReplayStore } from './auth/replay-store';
import { createTokenVerifier, discoverJwksUri } from './auth/token-verifier';
import { fhirAudienceOf, issuerOf, loadConfig, unsafeConfigReason } from './config';
import { FHIR_BASE } from './constants';
import { withMigrationLock } from './db/migration-lock';
import { openServerDatabase } from './db/open-server-database';
import { seedDemoData } from './db/seed';
import { demoLogin } from './db/seed/demo-accounts';
import { applyHttpLimits, httpLimitsFrom } from './http-limits';
import { createEmbeddedIdp, type EmbeddedIdp } from './idp';
import { createLogger } from './logger';
import { createNodeHandler } from './middleware/node-handler';
import { startObservability } from './observability';
import { startAccessAlertSweeper } from './services/access-alerts/sweeper';
import { sweepLaunches } from './services/cdc/launch';
import { startExportWorker } from './services/export/worker';
import { LiveHub } from './services/live/hub';
import { notificationChannel } from './services/notify/channel';
import { startNotificationDispatcher } from './services/notify/dispatcher';
import { outboxDepth } from './services/notify/outbox-depth';
import { webPushChannel } from './services/notify/push-channel';
import { vapidKeys } from './services/notify/push-keys';
import { backgroundSignaturesSettled } from './services/signing/signature';
import { recordOnlySender } from './services/sms/outbox';
import { waitingTotalOf } from './services/waiting-total';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const refusal = unsafeConfigReason(config);
if (refusal) {
  logger.error('refusing to start', { reason: refusal });
  process.stderr.write(`Refusing to start: ${refusal}\n`);
  process.exit(1);
}
// Before the database opens: traces (OTEL_EXPORTER_OTLP_ENDPOINT) wrap its driver's statements.
const observability = await startObservability(config, logger);
const database = await openServerDatabase(config.databaseUrl ?? config.dataDir, logger);
logger.info('database ready', { kind: database.kind });
// Processes started together on an empty database: one seeds, the others find its data and leave it.
if (config.seedDemoData)
  await withMigrationLock(config.databaseUrl, 'public', () => seedDemoData(database.db, logger));

let idp: EmbeddedIdp | null = null;
let verifyToken: VerifyToken;
const replayStore = databaseReplayStore(database.db, (error) =>
  logger.warn('dpop.prune_failed', { error: error.message }),
);
if (config.oidcIssuer) {
  const jwks = new URL(await discoverJwksUri(config.oidcIssuer));
  verifyToken = createTokenVerifier({
    issuer: config.oidcIssuer,
    audience: config.apiAudience,
    jwks,
    requireDpop: config.dpop,
    replayStore,
  });
} else {
  idp = await createEmbeddedIdp({
    config,
    db: database.db,
    logger: logger.child({ component: 'idp' }),
    ...(config.demoMode ? { demoLogin } : {}),
  });
  verifyToken = embeddedTokenCheck({
    db: database.db,
    issuer: issuerOf(config),
    jwks: idp.publicJwks,
    apiAudience: config.apiAudience,
    fhirAudience: fhirAudienceOf(config),
    fhirBase: FHIR_BASE,
    requireDpop: config.dpop,
    replayStore,
  });
}

const notifications = startNotificationDispatcher({
  db: database.db,
  channel: notificationChannel({
    db: database.db,
    push: webPushChannel(database.db, await vapidKeys(database.db), {
      contact: config.pushContact,
      logger: logger.child({ component: 'push' }),
      ackPath: `${config.apiBase}/notify/push/ack`,
      waiting: (userId) => waitingTotalOf(database.db, userId),
    }),
    smsSender: recordOnlySender,
    logger: logger.child({ component: 'notify' }),
  }),
  logger: logger.child({ component: 'notify' }),
});

const accessAlerts = startAccessAlertSweeper({
  db: database.db,
  logger: logger.child({ component: 'access-alerts' }),
  intervalMs: config.accessAlertIntervalMs,
});

const exportWorker = startExportWorker({
  db: database.db,
  logger: logger.child({ component: 'export' }),
  intervalMs: config.exportIntervalMs,
  organizationName: config.applicationTitle,
});

const live = await new LiveHub(config.maxLiveStreams, logger.child({ component: 'live' })).start(database);

await observability.startMetrics({ database, live, outboxDepth: () => outboxDepth(database.db) });

let draining = false;
const app = createApp({
  config,
  db: database.db,
  logger,
  verifyToken,
  live,
  isDraining: () => draining,
  ping: database.ping,
  ...(idp ? { launchSessions: idp.launch } : {}),
  ...(idp ? { switchAccount: idp.switchAccount } : {}),
});
const server = createServer(
  observability.wrap(
    createNodeHandler({ config, api: getRequestListener(app.fetch), idp: idp ? idp.handle : null }),
  ),
);
applyHttpLimits(server, httpLimitsFrom(process.env), config.trustProxy);

server.listen(config.port, config.host, () => {
  const { address } = server.address() as AddressInfo;
  logger.info('portal listening', {
    url: config.publicUrl,
    address,
    port: config.port,
    issuer: issuerOf(config),
  });
});

// Redeemed launch tokens and context sessions are kept only while they could still be presented.
const cdcSweep = setInterval(
  () =>
    void sweepLaunches(database.db).catch((error: Error) =>
      logger.warn('cdc.sweep_failed', { error: error.message }),
    ),
  15 * 60 * 1000,
);
cdcSweep.unref();

/** SIGTERM: stop accepting, let requests in flight finish, then close the database. */
async function shutdown(signal: string): Promise<void> {
  if (draining) return;
  draining = true;
  logger.info('shutting down', { signal });
  // Open streams would hold the server open until the grace ends: end them, the clients reconnect elsewhere.
  await live.stop();
  await accessAlerts.stop();
  await exportWorker.stop();
  await notifications.stop();
  const force = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(force);
  // An asynchronous signature still running would otherwise lose its signed PDF with the database.
  await backgroundSignaturesSettled();
  await database.close();
  await observability.stop();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
