import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { issuerOf, type ServerConfig } from '../config';
import { setReplyHeader } from './reply-headers';

/** CSP of the portal: no inline scripts; Ionic sets inline styles, so styles allow them. */
export function portalCsp(config: ServerConfig, frameAncestors = "'none'"): string {
  const issuerOrigin = new URL(issuerOf(config)).origin;
  const self = new URL(config.publicUrl).origin;
  const idp = issuerOrigin === self ? '' : ` ${issuerOrigin}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${idp}`,
    `frame-src 'self'${idp}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${idp}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const { config } = c.get('deps');
    setReplyHeader(c, 'X-Content-Type-Options', 'nosniff');
    setReplyHeader(c, 'Referrer-Policy', 'no-referrer');
    setReplyHeader(c, 'Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
    // Served over https: browsers never fall back to plain http for this host (nor the IdP beside it).
    if (config.publicUrl.startsWith('https:'))
      setReplyHeader(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith(config.apiBase)) {
      setReplyHeader(c, 'Cache-Control', 'no-store');
      setReplyHeader(c, 'Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    } else if (!c.res.headers.has('Content-Security-Policy')) {
      // The silent-check page runs inside the portal's own iframe; every other page refuses framing.
      const framedBySelf = c.req.path === '/silent-check.html';
      setReplyHeader(c, 'Content-Security-Policy', portalCsp(config, framedBySelf ? "'self'" : "'none'"));
      setReplyHeader(c, 'X-Frame-Options', framedBySelf ? 'SAMEORIGIN' : 'DENY');
    }
  };
}
