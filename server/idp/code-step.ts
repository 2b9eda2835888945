import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from '../client-address';
import { HttpError } from '../http-error';
import { operationalEvents } from '../observability/events';
import { consumeCode } from '../services/otp';
import { hasPasskey } from '../services/security/passkeys';
import { codeBody } from './code-page';
import { renderPage } from './html';
import type { InteractionDeps } from './interaction-deps';
import type { Locale } from './locale';
import { messages } from './messages';
import { PASSKEY_SCRIPT_PATH, passkeySection, WEBAUTHN_SCRIPT_PATH } from './passkey-page';
import { completeLogin } from './password-step';
import { send } from './respond';
import { nonceOf } from './security';
import {
  AMR_SMS_CODE,
  AMR_TRUSTED_DEVICE,
  appendCookie,
  codeState,
  type Interaction,
  type LoginUser,
  type PendingStrongLogin,
  savePending,
  sendLoginCode,
} from './strong-login';
import { isTrustedDevice, trustDevice } from './trusted-device';

export const RESEND_SCRIPT_PATH = '/assets/otp-resend.js';

const nowOf = (deps: InteractionDeps): Date => deps.clock?.() ?? new Date();

export async function renderCode(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: {
    interaction: Interaction;
    pending: PendingStrongLogin;
    locale: Locale;
    status: number;
    error?: string | null;
    notice?: string | null;
    /** A refused passkey: shown beside its button, not under the code field. */
    passkeyError?: string | null;
  },
): Promise<void> {
  const { config, basePath, db } = deps;
  const text = messages[view.locale];
  const page = `${basePath}/interaction/${view.interaction.uid}`;
  const state = await codeState(db, view.pending, view.interaction.uid, nowOf(deps));
  const passkey = (await hasPasskey(db, view.pending.userId))
    ? passkeySection({ locale: view.locale, page, kind: 'second', error: view.passkeyError ?? null })
    : '';
  const passkeyScripts = passkey
    ? [`${basePath}${WEBAUTHN_SCRIPT_PATH}`, `${basePath}${PASSKEY_SCRIPT_PATH}`]
    : [];
  const html = renderPage({
    locale: view.locale,
    nonce: nonceOf(req),
    title: text.codeTitle,
    appTitle: config.applicationTitle,
    languageLinks: { it: `${page}?lang=it`, en: `${page}?lang=en` },
    scripts: [`${basePath}${RESEND_SCRIPT_PATH}`, ...passkeyScripts],
    body: codeBody({
      locale: view.locale,
      page,
      maskedPhone: state.maskedPhone,
      sent: state.sent,
      resendInSeconds: state.resendInSeconds,
      // Without a passkey section (none left, or never had one) its refusal shows where errors show.
      error: view.error ?? (passkey ? null : (view.passkeyError ?? null)),
      notice: view.notice ?? null,
      demoSmsHref: config.demoMode ? `${config.publicUrl}/dev/sms` : null,
      passkey,
    }),
  });
  const headers: Record<string, string> =
    view.status === 429 ? { 'Retry-After': String(Math.max(1, state.resendInSeconds)) } : {};
  send(res, view.status, html, headers);
}

/**
 * A device the user asked to remember skips the second factor (SMS code or authenticator): the login
 * finishes at once. Answers false, having done nothing, on any other device.
 */
export async function signInTrustedDevice(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; user: LoginUser; locale: Locale },
): Promise<boolean> {
  const { interaction, user, locale } = view;
  if (!(await isTrustedDevice(deps.db, req, user.id, nowOf(deps)))) return false;
  await deps.limiter.recordSuccess(user.username);
  await completeLogin(req, res, deps, {
    interaction,
    subject: user.subject,
    amr: AMR_TRUSTED_DEVICE,
    locale,
  });
  return true;
}

/**
 * After a right password: a remembered device signs in at once, otherwise the code is sent and the
 * code page shown. Answers false when the user has no phone to send it to.
 */
export async function startStrongStep(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; user: LoginUser; locale: Locale },
): Promise<boolean> {
  const { db } = deps;
  const { interaction, user, locale } = view;
  if (await signInTrustedDevice(req, res, deps, view)) return true;
  if (!user.mobilePhone) return false;
  const pending = {
    subject: user.subject,
    userId: user.id,
    username: user.username,
    phone: user.mobilePhone,
  };
  await savePending(interaction, pending);
  // With a passkey the page offers it first and the SMS goes only on request ("Invia un nuovo codice").
  // Within the cooldown of an earlier attempt the page says when a code may be requested.
  if (!(await hasPasskey(db, user.id)))
    await sendLoginCode(db, deps.smsSender, { pending, binding: interaction.uid, locale, now: nowOf(deps) });
  await renderCode(req, res, deps, { interaction, pending, locale, status: 200 });
  return true;
}

/** `POST …/loginstrong`: checks the SMS code; wrong codes count like wrong passwords. */
export async function submitCode(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; pending: PendingStrongLogin; form: URLSearchParams; locale: Locale },
): Promise<void> {
  const { db, limiter, logger, config, basePath } = deps;
  const { interaction, pending, form, locale } = view;
  const text = messages[locale];
  const address = clientAddress(req, deps.config.trustProxy);
  // Counted before the code is looked at: parallel guesses cannot outrun the limit.
  if (!(await limiter.tryAttempt(pending.username, address))) {
    logger.warn('idp.login_code.rate_limited', { username: pending.username, address });
    await renderCode(req, res, deps, {
      interaction,
      pending,
      locale,
      status: 429,
      error: text.tooManyAttempts,
    });
    return;
  }
  const code = (form.get('code') ?? '').replace(/\s+/g, '');
  try {
    if (!/^\d{6}$/.test(code)) throw new HttpError(400, 'UNAUTHENTICATED');
    await consumeCode(db, {
      userId: pending.userId,
      purpose: 'login',
      binding: interaction.uid,
      code,
      wrongCodeError: 'UNAUTHENTICATED',
      now: nowOf(deps),
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    logger.info('idp.login_code.failed', { username: pending.username, address, reason: error.code });
    operationalEvents.loginFailed('sms_code');
    const message =
      error.code === 'OTP_EXPIRED'
        ? text.codeExpired
        : error.code === 'OTP_TOO_MANY_ATTEMPTS'
          ? text.codeExhausted
          : text.wrongCode;
    await renderCode(req, res, deps, { interaction, pending, locale, status: 200, error: message });
    return;
  }
  await limiter.recordSuccess(pending.username, address);
  if (form.get('remember') === 'yes') {
    const secure = config.publicUrl.startsWith('https:');
    appendCookie(
      res,
      await trustDevice(db, req, { userId: pending.userId, basePath, secure, now: nowOf(deps) }),
    );
  }
  await completeLogin(req, res, deps, { interaction, subject: pending.subject, amr: AMR_SMS_CODE, locale });
}

/** `POST …/otp/requestOtp`: a new code, at most one a minute. */
export async function resendCode(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: { interaction: Interaction; pending: PendingStrongLogin; locale: Locale },
): Promise<void> {
  const { interaction, pending, locale } = view;
  const text = messages[locale];
  const result = await sendLoginCode(deps.db, deps.smsSender, {
    pending,
    binding: interaction.uid,
    locale,
    now: nowOf(deps),
  });
  if (result.sent) {
    await renderCode(req, res, deps, { interaction, pending, locale, status: 200, notice: text.codeResent });
  } else {
    const error = text.resendTooSoon.replace('{seconds}', String(result.waitSeconds));
    await renderCode(req, res, deps, { interaction, pending, locale, status: 429, error });
  }
}
