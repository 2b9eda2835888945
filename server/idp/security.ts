import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const nonces = new WeakMap<IncomingMessage, string>();

/** The CSP nonce of this request, made once so provider-rendered pages reuse it. */
export function nonceOf(req: IncomingMessage): string {
  let nonce = nonces.get(req);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(req, nonce);
  }
  return nonce;
}

export interface SecurityPolicy {
  /** Origin allowed to frame IdP pages (the portal, for its silent check iframe). */
  portalOrigin: string;
  /** Origins a form may post or be redirected to: the portal and the other registered redirect targets. */
  formTargets: readonly string[];
  /** What every reply of the server carries (HSTS over https, opener and resource policies). */
  everyReply: Readonly<Record<string, string>>;
}

/**
 * Security headers for every IdP response. Scripts and styles need this request's nonce;
 * oidc-provider's own form_post page appends its script hash to script-src itself.
 */
export function applySecurityHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  policy: SecurityPolicy,
): void {
  const nonce = nonceOf(req);
  const formAction = ["'self'", ...new Set([policy.portalOrigin, ...policy.formTargets])].join(' ');
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    `frame-ancestors ${policy.portalOrigin}`,
  ].join('; ');
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  for (const [name, value] of Object.entries(policy.everyReply)) res.setHeader(name, value);
}

/**
 * Lets this page's forms lead to one more origin: a registered app's consent answers with a redirect to the
 * app's redirect URI (already checked against the app's registration), and browsers hold redirects after
 * a form post to `form-action` too.
 */
export function allowFormTarget(res: ServerResponse, origin: string): void {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string' || !/^https?:\/\/[^\s;'"]+$/.test(origin)) return;
  res.setHeader('Content-Security-Policy', csp.replace(/form-action ([^;]*)/, `form-action $1 ${origin}`));
}
