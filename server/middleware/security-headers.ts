import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { issuerOf, type ServerConfig } from '../config';
import { FHIR_BASE } from '../constants';
import { setReplyHeader } from './reply-headers';

/**
 * CSP of the portal: no inline scripts. Ionic's scoped components add `<style>` elements at run time, so
 * style elements may be inline; style attributes may not (nothing in the portal writes one: React, Ionic,
 * pdf.js and vis-timeline set styles through the CSSOM, which CSP does not govern). Measured in
 * docs/decisions.md, 2026-11-27.
 */
export function portalCsp(config: ServerConfig, frameAncestors = "'none'"): string {
  const issuerOrigin = new URL(issuerOf(config)).origin;
  const self = new URL(config.publicUrl).origin;
  const idp = issuerOrigin === self ? '' : ` ${issuerOrigin}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "style-src-attr 'none'",
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

export type OriginPolicyConfig = Pick<ServerConfig, 'publicUrl' | 'cdcLauncherJwks' | 'cdcOpenerOrigin'>;

/**
 * The window's opener policy, one for every page of the origin (portal, IdP, demo pages): pages of one origin
 * with different values would switch browsing context groups as a window moves between them, and the service
 * worker answers every portal navigation with index.html's headers anyway. `same-origin`, unless an
 * application of another origin launches the portal (CDC_LAUNCHER_JWKS): the launched window must keep its
 * opener to post AUTOMATIC_LOGOUT to it (spec 4), which `same-origin` would cut.
 */
export function openerPolicy(config: OriginPolicyConfig): 'same-origin' | 'unsafe-none' {
  if (!config.cdcLauncherJwks) return 'same-origin';
  const portal = new URL(config.publicUrl).origin;
  return config.cdcOpenerOrigin === portal ? 'same-origin' : 'unsafe-none';
}

/**
 * Headers every reply of this server carries, whoever writes it (the app, the identity provider, the
 * process's own refusals): HSTS when served over https (PUBLIC_URL, the address users reach), the opener
 * policy, and no reading of any reply by another site's page (CORP; CORS requests are not concerned).
 */
const headersByConfig = new WeakMap<OriginPolicyConfig, Readonly<Record<string, string>>>();

export function everyReplyHeaders(config: OriginPolicyConfig): Readonly<Record<string, string>> {
  // Asked on every request: worked out once per configuration (it never changes while the process runs).
  let headers = headersByConfig.get(config);
  if (!headers) {
    headers = {
      ...(config.publicUrl.startsWith('https:')
        ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
        : {}),
      'Cross-Origin-Opener-Policy': openerPolicy(config),
      'Cross-Origin-Resource-Policy': 'same-origin',
    };
    headersByConfig.set(config, headers);
  }
  return headers;
}

/** The FHIR endpoint answers patient data as the API does: never cached, never a page. */
const isFhirPath = (path: string): boolean => path === FHIR_BASE || path.startsWith(`${FHIR_BASE}/`);

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const { config } = c.get('deps');
    setReplyHeader(c, 'X-Content-Type-Options', 'nosniff');
    setReplyHeader(c, 'Referrer-Policy', 'no-referrer');
    setReplyHeader(c, 'Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
    for (const [name, value] of Object.entries(everyReplyHeaders(config))) setReplyHeader(c, name, value);
    if (c.req.path.startsWith(config.apiBase) || isFhirPath(c.req.path)) {
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
