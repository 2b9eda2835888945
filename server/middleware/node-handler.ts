import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ErrorCode, ErrorReply } from '../../src/contract';
import type { ServerConfig } from '../config';
import { errorMessages } from '../http-error';
import { RETRY_AFTER_SECONDS } from './request-timeout';
import { everyReplyHeaders, type OriginPolicyConfig } from './security-headers';

/** Largest form the identity provider reads (login, code, password change, logout confirmation). */
export const IDP_BODY_MAX_BYTES = 16 * 1024;

/**
 * After its answer, the rest of a body is read and discarded only this long and this far, so that the
 * client reads the answer instead of a connection reset; then the connection closes.
 */
const LINGER_MS = 1000;
const LINGER_MAX_BYTES = 1024 * 1024;

/** Liveness and readiness probes: never queued behind the cap, so an orchestrator sees the truth fast. */
const HEALTH_PROBES = new Set(['/healthz', '/readyz']);

export interface NodeHandlerParts {
  config: Pick<ServerConfig, 'maxInFlight' | 'requestTimeoutMs' | 'apiBase'> & OriginPolicyConfig;
  /** The Hono app (API, health probes, the built portal). */
  api: RequestListener;
  /** The embedded identity provider under `/idp`, when there is one. */
  idp: RequestListener | null;
}

const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

const retryLater = { 'Retry-After': String(RETRY_AFTER_SECONDS) };

/** The contract's ErrorReply, straight on the socket (these refusals come before Hono or the IdP). */
function refuse(
  res: ServerResponse,
  status: 413 | 503,
  code: ErrorCode,
  config: OriginPolicyConfig,
  headers = {},
): void {
  if (res.headersSent) return;
  const body: ErrorReply = { status, code, message: errorMessages[code] };
  res.writeHead(status, {
    ...everyReplyHeaders(config),
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/**
 * Counts a body's bytes as the HTTP parser hands them over (read or not): past `maxBytes` the request is
 * refused with 413 and the rest is dropped. Whatever the route, a body still arriving after the answer is
 * discarded for LINGER_MS or LINGER_MAX_BYTES at most, then the connection closes: a huge body is never
 * read to its end, let alone kept.
 */
function guardBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  config: OriginPolicyConfig,
): void {
  let received = 0;
  let afterAnswer = 0;
  const push = req.push.bind(req);
  const close = (): void => {
    if (!req.complete) req.socket.destroy();
  };
  res.once('finish', () => {
    if (!req.complete) setTimeout(close, LINGER_MS).unref();
  });
  req.push = (chunk: Buffer | null, encoding?: BufferEncoding): boolean => {
    if (chunk === null) return push(chunk, encoding);
    received += chunk.length;
    if (received > maxBytes) refuse(res, 413, 'REQUEST_TOO_LARGE', config);
    if (res.writableFinished || received > maxBytes) {
      afterAnswer += chunk.length;
      if (afterAnswer > LINGER_MAX_BYTES) close();
      // Nobody reads it any more: Node and the app would otherwise drain it to the end.
      return true;
    }
    return push(chunk, encoding);
  };
}

/**
 * The process's request listener: health probes straight to the app; anything else counts against
 * MAX_IN_FLIGHT (503 with Retry-After past it); `/idp` goes to the identity provider behind its body limit
 * and the request timeout, the rest to the app (which has its own body limits and timeout).
 */
export function createNodeHandler(parts: NodeHandlerParts): RequestListener {
  const { config, api, idp } = parts;
  let inFlight = 0;
  const liveStreamPath = `${config.apiBase}/live`;
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const toIdp = idp !== null && (path === '/idp' || path.startsWith('/idp/'));
    if (hasBody(req)) guardBody(req, res, toIdp ? IDP_BODY_MAX_BYTES : Number.POSITIVE_INFINITY, config);
    // Probes are never queued behind the cap; live streams stay open by design and have their own cap
    // (MAX_LIVE_STREAMS, in the live hub), so they do not hold MAX_IN_FLIGHT's places.
    if (HEALTH_PROBES.has(path) || path === liveStreamPath) {
      void api(req, res);
      return;
    }
    if (inFlight >= config.maxInFlight) {
      refuse(res, 503, 'SERVER_BUSY', config, retryLater);
      req.resume();
      return;
    }
    inFlight++;
    res.once('close', () => inFlight--);
    if (!toIdp) {
      void api(req, res);
      return;
    }
    if (Number(req.headers['content-length'] ?? 0) > IDP_BODY_MAX_BYTES) {
      refuse(res, 413, 'REQUEST_TOO_LARGE', config);
      req.resume();
      return;
    }
    const timer = setTimeout(
      () => refuse(res, 503, 'REQUEST_TIMEOUT', config, retryLater),
      config.requestTimeoutMs,
    );
    res.once('close', () => clearTimeout(timer));
    void idp(req, res);
  };
}
