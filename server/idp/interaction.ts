import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from '../client-address';
import { operationalEvents } from '../observability/events';
import { authenticate, listDemoAccounts } from './accounts';
import { renderCode, resendCode, startStrongStep, submitCode } from './code-step';
import { routeAppConsent } from './consent-step';
import { routeForgot } from './forgot-step';
import { loginBody, messageBody, renderPage } from './html';
import type { InteractionDeps } from './interaction-deps';
import type { Locale } from './locale';
import { explicitLocale, LANG_COOKIE, pickLocale } from './locale';
import { messages } from './messages';
import { PASSKEY_SCRIPT_PATH, passkeySection, WEBAUTHN_SCRIPT_PATH } from './passkey-page';
import { routePasskey } from './passkey-step';
import { passwordChangeOf, renderNewPassword, submitNewPassword } from './password-step';
import { readForm, send } from './respond';
import { nonceOf } from './security';
import { type Interaction, loginUserBySubject, pendingOf, requiresStrongLogin } from './strong-login';
import { routeTotp, startStaffStep } from './totp-step';

function langCookie(locale: Locale, basePath: string): string {
  return `${LANG_COOKIE}=${locale}; Path=${basePath}; Max-Age=31536000; SameSite=Lax; HttpOnly`;
}

async function renderLogin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: {
    interaction: Interaction;
    locale: Locale;
    status: number;
    username: string;
    error: string | null;
    passkeyError?: string | null;
  },
): Promise<void> {
  const { config, basePath, db } = deps;
  const text = messages[view.locale];
  const page = `${basePath}/interaction/${view.interaction.uid}`;
  const { demoLogin } = deps;
  const demo = demoLogin
    ? {
        password: demoLogin.password,
        totpSecret: demoLogin.totpSecret,
        accounts: await listDemoAccounts(db, demoLogin.usernames),
      }
    : null;
  const html = renderPage({
    locale: view.locale,
    nonce: nonceOf(req),
    title: text.signInTitle,
    appTitle: config.applicationTitle,
    languageLinks: { it: `${page}?lang=it`, en: `${page}?lang=en` },
    scripts: [`${basePath}${WEBAUTHN_SCRIPT_PATH}`, `${basePath}${PASSKEY_SCRIPT_PATH}`],
    body: loginBody({
      locale: view.locale,
      action: `${page}/login`,
      username: view.username,
      error: view.error,
      demo,
      forgotPasswordHref: `${page}/forgot?lang=${view.locale}`,
      forgotPinHref: `${config.publicUrl}/pin-reset`,
      helpHref: `${config.publicUrl}/help`,
      faqHref: `${config.publicUrl}/faq`,
      passkey: passkeySection({ locale: view.locale, page, kind: 'login', error: view.passkeyError ?? null }),
    }),
  });
  const headers: Record<string, string> = view.status === 429 ? { 'Retry-After': '900' } : {};
  send(res, view.status, html, headers);
}

function renderMessage(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { locale: Locale; status: number; title: string; text: string },
): void {
  const text = messages[view.locale];
  const body = messageBody(view.title, view.text, {
    href: `${deps.config.publicUrl}/`,
    label: text.backToPortal,
  });
  const html = renderPage({
    locale: view.locale,
    nonce: nonceOf(req),
    title: view.title,
    appTitle: deps.config.applicationTitle,
    body,
  });
  send(res, view.status, html);
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

/** `POST …/login`: the password; patients and guests go on to the SMS code, staff to their authenticator's. */
async function submitLogin(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  interaction: Interaction,
  form: URLSearchParams,
  locale: Locale,
): Promise<void> {
  const { limiter, logger, db } = deps;
  const text = messages[locale];
  const username = (form.get('username') ?? '').trim();
  const password = form.get('password') ?? '';
  const view = { interaction, locale, username };
  if (!username || !password) {
    await renderLogin(req, res, deps, { ...view, status: 400, error: text.missingFields });
    return;
  }
  const address = clientAddress(req, deps.config.trustProxy);
  // Counted before the password is looked at, and kept as a failure unless it turns out right.
  if (!(await limiter.tryAttempt(username, address))) {
    logger.warn('idp.login.rate_limited', { username, address });
    await renderLogin(req, res, deps, { ...view, status: 429, error: text.tooManyAttempts });
    return;
  }
  const subject = await authenticate(db, username, password);
  if (!subject) {
    logger.info('idp.login.failed', { username, address });
    operationalEvents.loginFailed('password');
    await renderLogin(req, res, deps, { ...view, status: 200, error: text.invalidCredentials });
    return;
  }
  const user = await loginUserBySubject(db, subject);
  if (!user) throw new Error('authenticated user not found');
  // A right password is no failure, but the counter is cleared only once the second factor is right, so
  // codes cannot be guessed by interleaving right passwords.
  await limiter.refund(username, address);
  if (requiresStrongLogin(user)) {
    if (await startStrongStep(req, res, deps, { interaction, user, locale })) return;
    logger.warn('idp.login.no_phone', { username });
    await renderLogin(req, res, deps, { ...view, status: 200, error: text.noPhone });
    return;
  }
  // Nobody signs in with the password alone (ASVS 6.3.3): staff go on to their authenticator.
  await startStaffStep(req, res, deps, { interaction, user, locale });
}

const ROUTE =
  /^\/interaction\/([\w-]+)(\/login|\/loginstrong|\/otp\/requestOtp|\/password|\/consent|\/passkey|\/passkey\/options|\/forgot(?:\/code|\/resend|\/factor|\/password)?)?$/;

/**
 * Serves `${basePath}/interaction/:uid` (GET: the login page, or the code page once the password was
 * right, or the new-password page once the code was right too), the forgotten-password flow under
 * `…/:uid/forgot` (forgot-step.ts), and the form posts `…/:uid/login`,
 * `…/:uid/passkey/options` and `…/:uid/passkey` (server/idp/passkey-step.ts),
 * `…/:uid/loginstrong`, `…/:uid/otp/requestOtp` and `…/:uid/password`, and a registered app's consent
 * (GET the page, POST `…/:uid/consent`: consent-step.ts).
 */
export async function handleInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://idp.invalid');
  const match = url.pathname.slice(deps.basePath.length).match(ROUTE);
  const action = match?.[2] ?? null;
  // The forgotten-password page is also shown by GET (from the login page's link).
  const method = action === '/forgot' && req.method === 'GET' ? 'GET' : action ? 'POST' : 'GET';
  if (!match || req.method !== method) {
    res.statusCode = match ? 405 : 404;
    res.end();
    return;
  }
  const form = action && req.method === 'POST' ? await readForm(req) : null;
  const explicit = explicitLocale(form ? form.get('lang') : url.searchParams.get('lang'));
  if (explicit) res.setHeader('Set-Cookie', langCookie(explicit, deps.basePath));

  const expired = (): void => {
    const locale = pickLocale(req, { explicit });
    const text = messages[locale];
    renderMessage(req, res, deps, {
      locale,
      status: 400,
      title: text.errorTitle,
      text: text.interactionExpired,
    });
  };
  let interaction: Interaction;
  try {
    interaction = await deps.provider.interactionDetails(req, res);
  } catch {
    expired();
    return;
  }
  if (interaction.uid !== match[1]) {
    expired();
    return;
  }
  const locale = pickLocale(req, { explicit, uiLocales: interaction.params.ui_locales });
  try {
    await route(req, res, deps, { interaction, action, form, locale });
  } catch (error) {
    // An unexpected failure still gets a page the user can act on, not a bare 500.
    deps.logger.error('idp.login.error', { error: error instanceof Error ? error.message : String(error) });
    if (res.headersSent) throw error;
    const text = messages[locale];
    renderMessage(req, res, deps, { locale, status: 500, title: text.loginError, text: text.errorText });
  }
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; action: string | null; form: URLSearchParams | null; locale: Locale },
): Promise<void> {
  const { interaction, action, form, locale } = view;
  if (interaction.prompt.name === 'consent') {
    // The portal is granted without asking; a registered app's consent is the patient's to give.
    if (String(interaction.params.client_id) === deps.config.oidcClientId)
      await grantConsent(req, res, deps, interaction);
    else await routeAppConsent(req, res, deps, { interaction, action, form, locale });
    return;
  }
  if (action?.startsWith('/forgot')) {
    await routeForgot(req, res, deps, { interaction, action, form, locale, method: form ? 'POST' : 'GET' });
    return;
  }
  const passwordChange = passwordChangeOf(interaction);
  if (passwordChange && action !== '/login') {
    if (action === '/password' && form)
      await submitNewPassword(req, res, deps, { interaction, pending: passwordChange, form, locale });
    else
      renderNewPassword(req, res, deps, {
        interaction,
        pending: passwordChange,
        locale,
        status: action ? 400 : 200,
      });
    return;
  }
  const pending = pendingOf(interaction);
  const login = (status: number, passkeyError: string | null): Promise<void> =>
    renderLogin(req, res, deps, { interaction, locale, status, username: '', error: null, passkeyError });
  if (await routePasskey(req, res, deps, { interaction, pending, action, form, locale, renderLogin: login }))
    return;
  if (action === '/login' && form) {
    await submitLogin(req, res, deps, interaction, form, locale);
  } else if (!pending) {
    // The code step without a right password first (or after it expired): back to the login page.
    await login(action ? 400 : 200, null);
  } else if (pending.factor) {
    await routeTotp(req, res, deps, { interaction, pending, locale, action, form });
  } else if (action === '/loginstrong' && form) {
    await submitCode(req, res, deps, { interaction, pending, form, locale });
  } else if (action === '/otp/requestOtp') {
    await resendCode(req, res, deps, { interaction, pending, locale });
  } else {
    await renderCode(req, res, deps, { interaction, pending, locale, status: 200 });
  }
}
