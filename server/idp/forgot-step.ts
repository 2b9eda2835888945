import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from '../client-address';
import {
  atFloor,
  checkResetCode,
  currentReset,
  type PasswordReset,
  resendResetCode,
  startReset,
} from '../services/security/recovery';
import { type ResetAccount, resetAccountById } from '../services/security/recovery-account';
import {
  checkResetFactor,
  completeReset,
  type NewPasswordRefusal,
  newPasswordRefusal,
} from '../services/security/recovery-complete';
import {
  type ForgotView,
  forgotCodeBody,
  forgotFactorBody,
  forgotIdentifierBody,
  forgotMessageBody,
  forgotPasswordBody,
} from './forgot-page';
import { renderPage } from './html';
import type { InteractionDeps } from './interaction-deps';
import type { Locale } from './locale';
import { type Messages, messages } from './messages';
import { finishLogin } from './password-step';
import { send } from './respond';
import { nonceOf } from './security';
import { type Interaction, requiresStrongLogin } from './strong-login';

/** What the tokens say of a login finished by a reset: the SMS code, and for staff their authenticator. */
const AMR_RESET = ['sms'];
const AMR_RESET_STAFF = ['sms', 'otp', 'mfa'];
/** Longer input names nobody: cut before it reaches a counter's key. */
const MAX_IDENTIFIER = 100;

interface Step {
  interaction: Interaction;
  locale: Locale;
  form: URLSearchParams | null;
}

const nowOf = (deps: InteractionDeps): Date => deps.clock?.() ?? new Date();

function page(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  step: Step,
  out: {
    status: number;
    title: string;
    body: (view: ForgotView) => string;
    error?: string | null;
    notice?: string;
  },
): void {
  const base = `${deps.basePath}/interaction/${step.interaction.uid}`;
  const view: ForgotView = {
    locale: step.locale,
    page: `${base}/forgot`,
    loginHref: `${base}?lang=${step.locale}`,
    error: out.error ?? null,
    notice: out.notice ?? null,
  };
  const html = renderPage({
    locale: step.locale,
    nonce: nonceOf(req),
    title: out.title,
    appTitle: deps.config.applicationTitle,
    languageLinks: { it: `${base}/forgot?lang=it`, en: `${base}/forgot?lang=en` },
    body: out.body(view),
  });
  send(res, out.status, html, out.status === 429 ? { 'Retry-After': '900' } : {});
}

const refusalText = (text: Messages, refusal: NewPasswordRefusal): string =>
  ({
    missing: text.forgotMissing,
    mismatch: text.forgotMismatch,
    tooShort: text.forgotTooShort,
    tooLong: text.forgotTooLong,
    common: text.forgotCommon,
    personal: text.forgotPersonal,
  })[refusal];

/** The page of the stage the reset stands at (the identifier form when none is under way). */
async function show(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  step: Step,
  state: {
    reset: PasswordReset | null;
    account: ResetAccount | null;
    status?: number;
    error?: string | null;
    notice?: string;
  },
): Promise<void> {
  const text = messages[step.locale];
  const status = state.status ?? 200;
  const extra = { error: state.error ?? null, ...(state.notice ? { notice: state.notice } : {}) };
  const { reset, account } = state;
  if (!reset) {
    page(req, res, deps, step, {
      status,
      title: text.forgotTitle,
      body: (view) => forgotIdentifierBody(view),
      ...extra,
    });
  } else if (reset.stage === 'code') {
    page(req, res, deps, step, { status, title: text.forgotCodeTitle, body: forgotCodeBody, ...extra });
  } else if (reset.stage === 'factor') {
    page(req, res, deps, step, { status, title: text.forgotFactorTitle, body: forgotFactorBody, ...extra });
  } else {
    const username = account?.username ?? '';
    page(req, res, deps, step, {
      status,
      title: text.forgotPasswordTitle,
      body: (view) => forgotPasswordBody(view, username),
      ...extra,
    });
  }
}

function expired(req: IncomingMessage, res: ServerResponse, deps: InteractionDeps, step: Step): void {
  const text = messages[step.locale];
  page(req, res, deps, step, {
    status: 400,
    title: text.forgotExpiredTitle,
    body: (view) => forgotMessageBody(view, text.forgotExpiredTitle, text.forgotExpired),
  });
}

/**
 * Serves `…/interaction/:uid/forgot` (GET: the page of the reset's stage) and its posts: the identifier,
 * `/code`, `/resend`, `/factor` (staff) and `/password`. The reset lives in PostgreSQL, bound to this
 * interaction; a right end signs the user straight in (docs/decisions.md).
 */
export async function routeForgot(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  step: Step & { action: string; method: string },
): Promise<void> {
  const { db, logger } = deps;
  const text = messages[step.locale];
  const now = nowOf(deps);
  const binding = step.interaction.uid;
  const address = clientAddress(req, deps.config.trustProxy);
  const form = step.form ?? new URLSearchParams();
  const reset = await currentReset(db, binding, now);
  const account = reset?.userId != null ? await resetAccountById(db, reset.userId) : null;
  const language = step.locale;

  if (step.method === 'GET') {
    await show(req, res, deps, step, { reset, account });
    return;
  }
  if (step.action === '/forgot') {
    const identifier = (form.get('identifier') ?? '').trim().slice(0, MAX_IDENTIFIER);
    if (!identifier) {
      await show(req, res, deps, step, {
        reset: null,
        account: null,
        status: 400,
        error: text.forgotIdentifierMissing,
      });
      return;
    }
    const started = await atFloor(() =>
      startReset(db, deps.smsSender, { binding, identifier, address, language, now }),
    );
    if (!started) logger.warn('idp.password_reset.rate_limited', { address });
    const fresh = started ? await currentReset(db, binding, now) : null;
    await show(req, res, deps, step, {
      reset: fresh,
      account: null,
      ...(started ? {} : { status: 429, error: text.tooManyAttempts }),
    });
    return;
  }
  if (!reset) {
    expired(req, res, deps, step);
    return;
  }
  if (step.action === '/forgot/resend' && reset.stage === 'code') {
    const sent = await atFloor(() =>
      resendResetCode(db, deps.smsSender, {
        reset,
        binding,
        address,
        language,
        phone: account?.mobilePhone ?? null,
        now,
      }),
    );
    await show(
      req,
      res,
      deps,
      step,
      sent
        ? { reset, account, notice: text.forgotResent }
        : { reset, account, status: 429, error: text.tooManyAttempts },
    );
    return;
  }
  if (step.action === '/forgot/code' && reset.stage === 'code') {
    const code = form.get('code') ?? '';
    const outcome = await atFloor(() =>
      checkResetCode(db, { reset, binding, code, address, userType: account?.userType ?? null, now }),
    );
    if (outcome === 'noFactor') {
      logger.warn('idp.password_reset.no_factor', { userId: reset.userId });
      page(req, res, deps, step, {
        status: 409,
        title: text.forgotNoFactorTitle,
        body: (view) => forgotMessageBody(view, text.forgotNoFactorTitle, text.forgotNoFactor),
      });
      return;
    }
    if (outcome !== 'ok') {
      logger.info('idp.password_reset.code_refused', { address, reason: outcome });
      const limited = outcome === 'limited';
      await show(req, res, deps, step, {
        reset,
        account,
        status: limited ? 429 : 200,
        error: limited ? text.tooManyAttempts : text.forgotCodeWrong,
      });
      return;
    }
    await show(req, res, deps, step, { reset: await currentReset(db, binding, now), account });
    return;
  }
  if (step.action === '/forgot/factor' && reset.stage === 'factor') {
    const outcome = await checkResetFactor(db, { reset, code: form.get('code') ?? '', address, now, logger });
    if (outcome !== 'ok') {
      const limited = outcome === 'limited';
      await show(req, res, deps, step, {
        reset,
        account,
        status: limited ? 429 : 200,
        error: limited ? text.tooManyAttempts : text.totpWrong,
      });
      return;
    }
    await show(req, res, deps, step, { reset: await currentReset(db, binding, now), account });
    return;
  }
  if (step.action === '/forgot/password' && reset.stage === 'password' && account) {
    const password = form.get('newPassword') ?? '';
    const refusal = await newPasswordRefusal(db, account, password, form.get('confirmPassword') ?? '');
    if (refusal) {
      // Nothing is guessed here (the code is proven): a refused password is not counted.
      logger.info('idp.password_reset.password_refused', { userId: account.id, reason: refusal });
      await show(req, res, deps, step, { reset, account, error: refusalText(text, refusal) });
      return;
    }
    if (!(await completeReset(db, deps.smsSender, { reset, account, password, address, language, now }))) {
      expired(req, res, deps, step);
      return;
    }
    logger.info('idp.password_reset.done', { userId: account.id });
    const amr = requiresStrongLogin(account) ? AMR_RESET : AMR_RESET_STAFF;
    await finishLogin(req, res, deps, account.subject, amr);
    return;
  }
  // A post that does not fit the stage (a second tab, a replay): the stage's own page.
  await show(req, res, deps, step, { reset, account, status: 400 });
}
