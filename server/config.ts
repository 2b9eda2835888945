import path from 'node:path';
import type { IceServer } from '../src/contract';
import { parseTrustedProxies } from './client-address';
import { FHIR_BASE } from './constants';
import { parseIceServers } from './services/conferences/call/ice-servers';

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
  /** A request still unanswered after this many milliseconds gets a 503 (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** Requests served at once by this process; past it a 503 with Retry-After (MAX_IN_FLIGHT). */
  maxInFlight: number;
  /** Live streams (`GET /api/live`) open at once in this process, apart from MAX_IN_FLIGHT (MAX_LIVE_STREAMS). */
  maxLiveStreams: number;
  /**
   * VIDEO_URL_TEMPLATE, e.g. `https://meet.example.org/{room}`: conferences take place in that external
   * room service ({room} is the conference's unguessable room name); null: in the portal's own call page.
   */
  videoUrlTemplate: string | null;
  /** STUN/TURN servers for the in-portal video call (ICE_SERVERS, JSON); none by default. */
  iceServers: IceServer[];
  /** How often the access-alert sweep reads the audit trail (ACCESS_ALERT_INTERVAL_MS; 15 s). */
  accessAlertIntervalMs: number;
  /** How often each process looks for a whole-record export to build (EXPORT_INTERVAL_MS; 2 s). */
  exportIntervalMs: number;
  /** Who push services may contact about this sender (VAPID `sub`: a mailto: or https: URL; PUSH_CONTACT). */
  pushContact: string;
  /**
   * Origins a push subscription's endpoint may point at: the server POSTs there, so anything else
   * (an address inside the hospital) is refused. The big browsers' push services by default (PUSH_ORIGINS adds).
   */
  pushOrigins: string[];
  /**
   * Context sharing: the hospital application's public keys that sign launch tokens (CDC_LAUNCHER_JWKS, a
   * JWKS URL or the JWKS as JSON); null: only the demo launcher's key, and only in demo mode.
   */
  cdcLauncherJwks: string | null;
  /** Where a launched portal goes after its logout (CDC_LOGOUT_URL); null: the portal's home page. */
  cdcLogoutUrl: string | null;
  /** The launching application's origin, told of the logout (CDC_OPENER_ORIGIN); in demo mode the portal's. */
  cdcOpenerOrigin: string | null;
  /** Prometheus metrics on `127.0.0.1:METRICS_PORT/metrics`, never the public port; null: off. */
  metricsPort: number | null;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: traces of requests and their SQL sent there (OTLP/HTTP); null: off. */
  otlpEndpoint: string | null;
}

/** Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari and iOS 16.4+ (Apple), Windows (WNS). */
const BROWSER_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

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
    // Only this machine reaches a server nobody configured: a reverse proxy or HOST opens it wider.
    host: env.HOST || '127.0.0.1',
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
    requestTimeoutMs: positive(env.REQUEST_TIMEOUT_MS, 30_000),
    maxInFlight: positive(env.MAX_IN_FLIGHT, 100),
    maxLiveStreams: positive(env.MAX_LIVE_STREAMS, 2000),
    videoUrlTemplate: env.VIDEO_URL_TEMPLATE?.includes('{room}') ? env.VIDEO_URL_TEMPLATE : null,
    iceServers: parseIceServers(env.ICE_SERVERS),
    accessAlertIntervalMs: positive(env.ACCESS_ALERT_INTERVAL_MS, 15_000),
    exportIntervalMs: positive(env.EXPORT_INTERVAL_MS, 2_000),
    pushContact: env.PUSH_CONTACT ?? 'mailto:privacy@dossier.invalid',
    pushOrigins: [...BROWSER_PUSH_ORIGINS, ...(env.PUSH_ORIGINS ?? '').split(',').filter(Boolean)],
    cdcLauncherJwks: env.CDC_LAUNCHER_JWKS?.trim() || null,
    cdcLogoutUrl: env.CDC_LOGOUT_URL?.trim() || null,
    cdcOpenerOrigin: env.CDC_OPENER_ORIGIN?.trim() || null,
    metricsPort: listenPort(env.METRICS_PORT),
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null,
  };
}

/** A TCP port (0: any free one, for tests); unset or invalid: null. */
function listenPort(value: string | undefined): number | null {
  const number = Number(value);
  return value?.trim() && Number.isInteger(number) && number >= 0 && number < 65536 ? number : null;
}

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : fallback;
}

function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Why the configuration must not run, or null. The demo mode serves every SMS at `/dev/sms` without a
 * login and lists the demo accounts: it is for a machine's own browser only.
 */
export function unsafeConfigReason(config: ServerConfig): string | null {
  if (!URL.canParse(config.publicUrl)) return `PUBLIC_URL (${config.publicUrl}) is not a URL.`;
  if (config.demoMode && !isLocalHost(new URL(config.publicUrl).hostname))
    return `DEMO_MODE is on and PUBLIC_URL (${config.publicUrl}) is not localhost: the demo serves every SMS without a login. Set DEMO_MODE=false to publish the portal.`;
  return null;
}

/** Issuer the API trusts: the external one, or the embedded provider under `/idp`. */
export function issuerOf(config: ServerConfig): string {
  return config.oidcIssuer ?? `${config.publicUrl}/idp`;
}

/**
 * The FHIR endpoint's URL, which SMART apps send as `aud` and find as their tokens' audience. The
 * portal's own tokens keep the API's audience, also on `/fhir`.
 */
export function fhirAudienceOf(config: ServerConfig): string {
  return `${config.publicUrl}${FHIR_BASE}`;
}
