/**
 * The server's entry (`npm start`, `npm run serve`): the server in this process, or with WORKERS=N a
 * primary that runs N server processes on this machine's cores (see workers.ts).
 */
// First: an old Node is refused here, before the primary forks workers that would each refuse it.
import './require-supported-node';
import cluster from 'node:cluster';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { startClusterMetrics } from './observability';
import { runPrimary, workerCount } from './workers';

let workers = 1;
try {
  workers = workerCount(process.env.WORKERS);
} catch (error) {
  process.stderr.write(`Refusing to start: ${(error as Error).message}\n`);
  process.exit(1);
}

if (workers > 1 && cluster.isPrimary) {
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write(
      'Refusing to start: WORKERS needs DATABASE_URL (PostgreSQL); the embedded database belongs to one process.\n',
    );
    process.exit(1);
  }
  const logger = createLogger(config.logLevel, { component: 'cluster' });
  // METRICS_PORT: the primary serves the sum of its workers' figures (they open no listener of their own).
  await startClusterMetrics(config, logger);
  runPrimary({ workers, logger, shutdownGraceMs: config.shutdownGraceMs });
} else {
  await import('./main');
}
