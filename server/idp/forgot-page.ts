import { escapeHtml } from './html';
import type { Locale } from './locale';
import { messages } from './messages';

export interface ForgotView {
  locale: Locale;
  /** `…/interaction/:uid/forgot`: the pages' form posts go below it. */
  page: string;
  /** The login page of the same interaction. */
  loginHref: string;
  error: string | null;
  notice?: string | null;
}

const lang = (locale: Locale): string => `<input type="hidden" name="lang" value="${locale}">`;

function alertOf(error: string | null, id: string): { described: string; alert: string } {
  return {
    described: error
      ? ` aria-describedby="${id}-hint ${id}-error" aria-invalid="true"`
      : ` aria-describedby="${id}-hint"`,
    alert: error ? `<p id="${id}-error" class="alert" role="alert">${escapeHtml(error)}</p>` : '',
  };
}

const backLink = (view: ForgotView): string =>
  `<p class="links"><a href="${escapeHtml(view.loginHref)}">${escapeHtml(messages[view.locale].forgotBack)}</a></p>`;

/** Step 1: the username or fiscal code. */
export function forgotIdentifierBody(view: ForgotView, identifier = ''): string {
  const text = messages[view.locale];
  const { described, alert } = alertOf(view.error, 'identifier');
  return `<h1>${escapeHtml(text.forgotTitle)}</h1>
<p class="muted">${escapeHtml(text.forgotIntro)}</p>
<form method="post" action="${escapeHtml(view.page)}" novalidate>
${lang(view.locale)}
<label for="identifier">${escapeHtml(text.forgotIdentifier)}</label>
<input id="identifier" name="identifier" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(identifier)}"${described}>
<p id="identifier-hint" class="hint">${escapeHtml(text.forgotIdentifierHint)}</p>
${alert}
<button type="submit">${escapeHtml(text.forgotSend)}</button>
</form>
${backLink(view)}`;
}

/** Step 2: the SMS code; the same words whether or not an account was found. */
export function forgotCodeBody(view: ForgotView): string {
  const text = messages[view.locale];
  const { described, alert } = alertOf(view.error, 'code');
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : '';
  return `<h1>${escapeHtml(text.forgotCodeTitle)}</h1>
<p class="muted">${escapeHtml(text.forgotCodeIntro)}</p>${notice}
<form id="forgot-code-form" method="post" action="${escapeHtml(`${view.page}/code`)}" novalidate>
${lang(view.locale)}
<label for="code">${escapeHtml(text.codeLabel)}</label>
<input id="code" name="code" type="text" class="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="6" required autofocus${described}>
<p id="code-hint" class="hint">${escapeHtml(text.codeHint)}</p>
${alert}
<button type="submit">${escapeHtml(text.forgotContinue)}</button>
</form>
<form method="post" action="${escapeHtml(`${view.page}/resend`)}">
${lang(view.locale)}
<button type="submit" class="secondary">${escapeHtml(text.resend)}</button>
</form>
${backLink(view)}`;
}

/** Staff's extra step: the authenticator's code (a passkey will be offered here too). */
export function forgotFactorBody(view: ForgotView): string {
  const text = messages[view.locale];
  const { described, alert } = alertOf(view.error, 'code');
  return `<h1>${escapeHtml(text.forgotFactorTitle)}</h1>
<p class="muted">${escapeHtml(text.forgotFactorIntro)}</p>
<form id="forgot-factor-form" method="post" action="${escapeHtml(`${view.page}/factor`)}" novalidate>
${lang(view.locale)}
<label for="code">${escapeHtml(text.totpLabel)}</label>
<input id="code" name="code" type="text" class="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="6" required autofocus${described}>
<p id="code-hint" class="hint">${escapeHtml(text.totpHint)}</p>
${alert}
<button type="submit">${escapeHtml(text.forgotContinue)}</button>
</form>
${backLink(view)}`;
}

/** Last step: the new password, twice; the username is there for password managers only. */
export function forgotPasswordBody(view: ForgotView, username: string): string {
  const text = messages[view.locale];
  const { described, alert } = alertOf(view.error, 'password');
  return `<h1>${escapeHtml(text.forgotPasswordTitle)}</h1>
<p class="muted">${escapeHtml(text.forgotPasswordIntro)}</p>
<form id="forgot-password-form" method="post" action="${escapeHtml(`${view.page}/password`)}" novalidate>
${lang(view.locale)}
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(username)}">
<label for="new-password">${escapeHtml(text.newPassword)}</label>
<input id="new-password" name="newPassword" type="password" autocomplete="new-password" minlength="12" maxlength="128" required autofocus${described}>
<p id="password-hint" class="hint">${escapeHtml(text.forgotPasswordHint)}</p>
<label for="confirm-password">${escapeHtml(text.confirmPassword)}</label>
<input id="confirm-password" name="confirmPassword" type="password" autocomplete="new-password" maxlength="128" required${view.error ? ' aria-invalid="true"' : ''}>
${alert}
<button type="submit">${escapeHtml(text.forgotSave)}</button>
</form>`;
}

/** A dead end of the reset (expired, or staff without an authenticator): what to do next. */
export function forgotMessageBody(view: ForgotView, title: string, body: string): string {
  return `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(body)}</p>
<a class="button" href="${escapeHtml(view.loginHref)}">${escapeHtml(messages[view.locale].forgotBack)}</a>`;
}
