/** Seconds a client waits before it retries a request refused because the database is away. */
export const DB_RETRY_AFTER_SECONDS = 2;

/**
 * SQLSTATEs of a database that is away or cannot serve now, not of a wrong statement: class 08 (connection
 * exception) is matched by prefix; 57P01–57P03 are a shutdown or a restart (`admin_shutdown`,
 * `crash_shutdown`, `cannot_connect_now`); 53300 a full server; 25006 a standby reached in a failover
 * before it is promoted (read only).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** Socket errors of a server that refuses, resets or no longer answers. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that broke or never opened (its errors carry no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

function isUnavailableCause(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Whether an error means that PostgreSQL is away (restarting, failing over, unreachable), as opposed to a
 * fault of the statement or of the code. Drizzle wraps the driver's error in `cause`; a refused connection
 * to a name with several addresses arrives as an AggregateError: both are looked through.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  if (isUnavailableCause(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
