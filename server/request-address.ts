import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { clientAddressOf } from './client-address';

/** The caller's address for per-address counters: X-Forwarded-For counts only from `TRUST_PROXY`. */
export function requestAddress(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientAddressOf(
    incoming?.socket?.remoteAddress,
    c.req.header('X-Forwarded-For'),
    c.get('deps').config.trustProxy,
  );
}
