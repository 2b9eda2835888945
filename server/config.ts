import path from 'node:path';
import { parseTrustedProxies } from './idp/client-address';

/** Server configuration, read once from the environment with defaults for the embedded setup. */
export interface ServerConfig {
  port: number;
  host: string;
  /** The origin users reach the portal at; the embedded IdP's issuer is `${publicUrl}/idp`. */
  publicUrl: string;
  applicationTitle: string;
  apiBase: string;
  databaseUrl: string | null;
  dataDir: string;
  /** External issuer; null means the embedded identity provider. */
  oidcIssuer: string | null;
  oidcClientId: string;
  /** Audience (resource indicator) of the API's access tokens. */
  apiAudience: string;
  dpop: boolean;
  demoMode: boolean;
  seedDemoData: boolean;
  staticDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  shutdownGraceMs: number;
  /** Proxies (addresses, CIDRs) whose `X-Forwarded-For` names the client; none by default. */
  trustProxy: string[];
  /** `NODE_ENV=development`: the Vite dev server's origin is a registered client origin too. */
  development: boolean;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const oidcIssuer = env.OIDC_ISSUER ? env.OIDC_ISSUER.replace(/\/$/, '') : null;
  const logLevel = env.LOG_LEVEL ?? 'info';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    applicationTitle: env.APP_TITLE ?? 'Dossier Sanitario',
    apiBase: env.API_BASE ?? '/api',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    oidcIssuer,
    oidcClientId: env.OIDC_CLIENT_ID ?? 'portal',
    apiAudience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    dpop: flag(env.OIDC_DPOP, oidcIssuer === null),
    demoMode: flag(env.DEMO_MODE, true),
    seedDemoData: flag(env.SEED_DEMO_DATA, true),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    logLevel: (['debug', 'info', 'warn', 'error'] as const).find((level) => level === logLevel) ?? 'info',
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS ?? 10_000),
    trustProxy: parseTrustedProxies(env.TRUST_PROXY),
    development: env.NODE_ENV === 'development',
  };
}

/** Issuer the API trusts: the external one, or the embedded provider under `/idp`. */
export function issuerOf(config: ServerConfig): string {
  return config.oidcIssuer ?? `${config.publicUrl}/idp`;
}
