import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import type { Logger } from '../logger';
import { authenticate, listDemoAccounts } from './accounts';
import { loginBody, messageBody, renderPage } from './html';
import { explicitLocale, LANG_COOKIE, pickLocale } from './locale';
import { type Locale, messages } from './messages';
import type { LoginRateLimit } from './rate-limit';
import { nonceOf } from './security';

export interface InteractionDeps {
  provider: Provider;
  db: Database;
  config: ServerConfig;
  logger: Logger;
  limiter: LoginRateLimit;
  /** Path the IdP is mounted at, e.g. `/idp`. */
  basePath: string;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const MAX_BODY_BYTES = 8 * 1024;

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('login form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Client address for the per-address limit. Behind the reverse proxy the last X-Forwarded-For hop is the
 * one the proxy itself appended, so a client cannot choose it.
 */
export function clientAddress(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
  const last = hops
    .map((hop) => hop.trim())
    .filter(Boolean)
    .pop();
  return last ?? req.socket.remoteAddress ?? 'unknown';
}

function langCookie(locale: Locale, basePath: string): string {
  return `${LANG_COOKIE}=${locale}; Path=${basePath}; Max-Age=31536000; SameSite=Lax; HttpOnly`;
}

async function renderLogin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; locale: Locale; status: number; username: string; error: string | null },
): Promise<void> {
  const { config, basePath, db } = deps;
  const text = messages[view.locale];
  const page = `${basePath}/interaction/${view.interaction.uid}`;
  const demo = config.demoMode ? { password: DEMO_PASSWORD, accounts: await listDemoAccounts(db) } : null;
  const html = renderPage({
    locale: view.locale,
    nonce: nonceOf(req),
    title: text.signInTitle,
    appTitle: config.applicationTitle,
    languageLinks: { it: `${page}?lang=it`, en: `${page}?lang=en` },
    body: loginBody({
      locale: view.locale,
      action: `${page}/login`,
      username: view.username,
      error: view.error,
      demo,
    }),
  });
  const headers: Record<string, string> = view.status === 429 ? { 'Retry-After': '900' } : {};
  send(res, view.status, html, headers);
}

function renderExpired(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  locale: Locale,
): void {
  const text = messages[locale];
  const body = messageBody(text.errorTitle, text.interactionExpired, {
    href: `${deps.config.publicUrl}/`,
    label: text.backToPortal,
  });
  const html = renderPage({
    locale,
    nonce: nonceOf(req),
    title: text.errorTitle,
    appTitle: deps.config.applicationTitle,
    body,
  });
  send(res, 400, html);
}

/** First-party client: any consent prompt is answered by granting what was asked. */
async function grantConsent(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  interaction: Interaction,
): Promise<void> {
  const { provider } = deps;
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant =
    existing ??
    new provider.Grant({
      accountId: interaction.session?.accountId,
      clientId: String(interaction.params.client_id),
    });
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

async function submitLogin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  interaction: Interaction,
  form: URLSearchParams,
  locale: Locale,
): Promise<void> {
  const { limiter, logger, db, provider } = deps;
  const text = messages[locale];
  const username = (form.get('username') ?? '').trim();
  const password = form.get('password') ?? '';
  if (!username || !password) {
    await renderLogin(req, res, deps, {
      interaction,
      locale,
      status: 400,
      username,
      error: text.missingFields,
    });
    return;
  }
  const address = clientAddress(req);
  if (await limiter.isBlocked(username, address)) {
    logger.warn('idp.login.rate_limited', { username, address });
    await renderLogin(req, res, deps, {
      interaction,
      locale,
      status: 429,
      username,
      error: text.tooManyAttempts,
    });
    return;
  }
  const subject = await authenticate(db, username, password);
  if (!subject) {
    await limiter.recordFailure(username, address);
    logger.info('idp.login.failed', { username, address });
    await renderLogin(req, res, deps, {
      interaction,
      locale,
      status: 200,
      username,
      error: text.invalidCredentials,
    });
    return;
  }
  await limiter.recordSuccess(username);
  logger.info('idp.login.succeeded', { subject });
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: subject, amr: ['pwd'], remember: true } },
    { mergeWithLastSubmission: false },
  );
}

/** Serves `${basePath}/interaction/:uid` (GET, the login page) and `…/:uid/login` (POST). */
export async function handleInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://idp.invalid');
  const match = url.pathname.slice(deps.basePath.length).match(/^\/interaction\/([\w-]+)(\/login)?$/);
  const isLogin = Boolean(match?.[2]);
  if (!match || req.method !== (isLogin ? 'POST' : 'GET')) {
    res.statusCode = match ? 405 : 404;
    res.end();
    return;
  }
  const form = isLogin ? await readForm(req) : null;
  const explicit = explicitLocale(form ? form.get('lang') : url.searchParams.get('lang'));
  if (explicit) res.setHeader('Set-Cookie', langCookie(explicit, deps.basePath));

  let interaction: Interaction;
  try {
    interaction = await deps.provider.interactionDetails(req, res);
  } catch {
    renderExpired(req, res, deps, pickLocale(req, { explicit }));
    return;
  }
  if (interaction.uid !== match[1]) {
    renderExpired(req, res, deps, pickLocale(req, { explicit }));
    return;
  }
  const locale = pickLocale(req, { explicit, uiLocales: interaction.params.ui_locales });
  if (interaction.prompt.name === 'consent') {
    await grantConsent(req, res, deps, interaction);
  } else if (form) {
    await submitLogin(req, res, deps, interaction, form, locale);
  } else {
    await renderLogin(req, res, deps, { interaction, locale, status: 200, username: '', error: null });
  }
}
