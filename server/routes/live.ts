import { Hono } from 'hono';
import * as v from 'valibot';
import { UserType } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { openLiveStream } from '../services/live/stream';

/**
 * `GET /live`: the one server-to-client channel. Events name what changed (`change` with topics), never
 * the data; the client refetches through the usual calls. Read with fetch (it carries the DPoP proof and
 * token an EventSource could not).
 */
export const liveRoutes = new Hono<AppEnv>().get('/live', async (c) => {
  const { live } = c.get('deps');
  const user = await c.var.user();
  const { expiresAt } = c.get('principal');
  const body = openLiveStream({
    hub: live,
    userId: user.id,
    role: v.parse(UserType, user.userType),
    expiresAtMs: expiresAt === undefined ? undefined : expiresAt * 1000,
    signal: c.req.raw.signal,
  });
  if (!body) throw new HttpError(503, 'SERVER_BUSY', undefined, { 'Retry-After': '30' });
  return c.body(body, 200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform: the compression middleware would buffer the stream.
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
});
