import type { IncomingMessage, ServerResponse } from 'node:http';
import { enrolmentSecret, factorState, verifyTotp } from '../auth/second-factor';
import { otpauthUri } from '../auth/totp';
import { clientAddress } from '../client-address';
import { operationalEvents } from '../observability/events';
import { hasPasskey } from '../services/security/passkeys';
import { renderCode, signInTrustedDevice } from './code-step';
import { renderPage } from './html';
import type { InteractionDeps } from './interaction-deps';
import type { Locale } from './locale';
import { messages } from './messages';
import { PASSKEY_SCRIPT_PATH, passkeySection, WEBAUTHN_SCRIPT_PATH } from './passkey-page';
import { completeLogin } from './password-step';
import { send } from './respond';
import { nonceOf } from './security';
import {
  AMR_TOTP,
  appendCookie,
  type Interaction,
  type LoginUser,
  type PendingStrongLogin,
  savePending,
  sendLoginCode,
} from './strong-login';
import { totpBody } from './totp-page';
import { trustDevice } from './trusted-device';

const nowOf = (deps: InteractionDeps): Date => deps.clock?.() ?? new Date();

type TotpView = { interaction: Interaction; pending: PendingStrongLogin; locale: Locale };

export async function renderTotp(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: TotpView & { status: number; error?: string | null; passkeyError?: string | null },
): Promise<void> {
  const { config, basePath, db, logger } = deps;
  const text = messages[view.locale];
  const page = `${basePath}/interaction/${view.interaction.uid}`;
  let enrolment: { secret: string; uri: string } | null = null;
  if (view.pending.factor === 'enrol') {
    const secret = await enrolmentSecret(db, view.pending.userId, logger);
    // Confirmed meanwhile (another tab): the ordinary code page from now on.
    if (secret) {
      const uri = otpauthUri(secret, { issuer: config.applicationTitle, account: view.pending.username });
      enrolment = { secret, uri };
    }
  }
  // A passkey stands in for the code, never for the enrolment.
  const passkey =
    !enrolment && view.pending.factor === 'totp' && (await hasPasskey(db, view.pending.userId))
      ? passkeySection({ locale: view.locale, page, kind: 'second', error: view.passkeyError ?? null })
      : '';
  const html = renderPage({
    locale: view.locale,
    nonce: nonceOf(req),
    ...(passkey
      ? { scripts: [`${basePath}${WEBAUTHN_SCRIPT_PATH}`, `${basePath}${PASSKEY_SCRIPT_PATH}`] }
      : {}),
    title: enrolment ? text.enrolTitle : text.totpTitle,
    appTitle: config.applicationTitle,
    languageLinks: { it: `${page}?lang=it`, en: `${page}?lang=en` },
    body: totpBody({
      locale: view.locale,
      page,
      error: view.error ?? (passkey ? null : (view.passkeyError ?? null)),
      smsFallback: view.pending.phone !== '',
      enrolment,
      passkey,
    }),
  });
  send(res, view.status, html, view.status === 429 ? { 'Retry-After': '900' } : {});
}

/**
 * After a right password, for staff: a remembered device signs in at once; an enrolled user gets the
 * code page; a user without a confirmed factor gets the enrolment, and the login finishes only with
 * its first code. The password's failure counter is cleared only once the second factor is right.
 */
export async function startStaffStep(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; user: LoginUser; locale: Locale },
): Promise<void> {
  const { db } = deps;
  const { interaction, user, locale } = view;
  const state = await factorState(db, user.id);
  if (state === 'enrolled' && (await signInTrustedDevice(req, res, deps, view))) return;
  const pending: PendingStrongLogin = {
    subject: user.subject,
    userId: user.id,
    username: user.username,
    phone: user.mobilePhone ?? '',
    factor: state === 'enrolled' ? 'totp' : 'enrol',
  };
  await savePending(interaction, pending);
  await renderTotp(req, res, deps, { interaction, pending, locale, status: 200 });
}

/** `POST …/loginstrong` for staff: the authenticator's code (or the enrolment's first one). */
async function submitTotp(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: TotpView & { form: URLSearchParams },
): Promise<void> {
  const { db, limiter, logger, config, basePath } = deps;
  const { interaction, pending, form, locale } = view;
  const text = messages[locale];
  const address = clientAddress(req, deps.config.trustProxy);
  const refuse = (status: number, error: string): Promise<void> =>
    renderTotp(req, res, deps, { interaction, pending, locale, status, error });
  // Counted before the code is looked at, as for the SMS code: parallel guesses cannot outrun the limit.
  if (!(await limiter.tryAttempt(pending.username, address))) {
    logger.warn('idp.login_totp.rate_limited', { username: pending.username, address });
    await refuse(429, text.tooManyAttempts);
    return;
  }
  const code = (form.get('code') ?? '').replace(/\s+/g, '');
  const enrolling = pending.factor === 'enrol';
  const outcome = await verifyTotp(db, { userId: pending.userId, code, enrolling, now: nowOf(deps), logger });
  if (outcome === 'none') {
    // The factor changed under this interaction (confirmed in another tab, or removed): start over.
    const state = await factorState(db, pending.userId);
    const next: PendingStrongLogin = { ...pending, factor: state === 'enrolled' ? 'totp' : 'enrol' };
    await savePending(interaction, next);
    await renderTotp(req, res, deps, {
      interaction,
      pending: next,
      locale,
      status: 409,
      error: text.totpWrong,
    });
    return;
  }
  if (outcome !== 'ok') {
    logger.info('idp.login_totp.failed', { username: pending.username, address, reason: outcome });
    if (outcome === 'locked') operationalEvents.lockedOut('login');
    else operationalEvents.loginFailed('totp');
    await refuse(
      outcome === 'locked' ? 429 : 200,
      outcome === 'locked' ? text.tooManyAttempts : text.totpWrong,
    );
    return;
  }
  await limiter.recordSuccess(pending.username, address);
  if (enrolling) logger.info('idp.totp.enrolled', { username: pending.username });
  if (form.get('remember') === 'yes' && !enrolling) {
    const secure = config.publicUrl.startsWith('https:');
    appendCookie(
      res,
      await trustDevice(db, req, { userId: pending.userId, basePath, secure, now: nowOf(deps) }),
    );
  }
  await completeLogin(req, res, deps, { interaction, subject: pending.subject, amr: AMR_TOTP, locale });
}

/** "Receive an SMS code instead": the interaction goes on as the patients' SMS step. */
async function switchToSms(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: TotpView,
): Promise<void> {
  const { interaction, pending, locale } = view;
  // Enrolment cannot be skipped, and without a phone there is nothing to send to.
  if (pending.factor !== 'totp' || !pending.phone) {
    await renderTotp(req, res, deps, { ...view, status: 400 });
    return;
  }
  const sms: PendingStrongLogin = {
    subject: pending.subject,
    userId: pending.userId,
    username: pending.username,
    phone: pending.phone,
  };
  await savePending(interaction, sms);
  deps.logger.info('idp.login_totp.sms_fallback', { username: pending.username });
  await sendLoginCode(deps.db, deps.smsSender, {
    pending: sms,
    binding: interaction.uid,
    locale,
    now: nowOf(deps),
  });
  await renderCode(req, res, deps, { interaction, pending: sms, locale, status: 200 });
}

/** The staff step's routes: the code post, the SMS fallback, and the page itself. */
export async function routeTotp(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: TotpView & { action: string | null; form: URLSearchParams | null },
): Promise<void> {
  const { action, form, ...step } = view;
  if (action === '/loginstrong' && form) await submitTotp(req, res, deps, { ...step, form });
  else if (action === '/otp/requestOtp') await switchToSms(req, res, deps, step);
  else await renderTotp(req, res, deps, { ...step, status: action ? 400 : 200 });
}
