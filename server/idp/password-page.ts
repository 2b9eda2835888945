import { PASSWORD_MIN_LENGTH, type PasswordProblem } from '../../src/contract';
import { passwordProblem } from '../services/security/password-policy';
import { escapeHtml } from './html';
import type { Locale } from './locale';
import { messages } from './messages';

export interface NewPasswordPageOptions {
  locale: Locale;
  /** Where the form posts, e.g. `/idp/interaction/abc/password`. */
  action: string;
  /** Shown to password managers only, so the new password is saved under the right account. */
  username: string;
  error: string | null;
}

/** Last step of a first login with a temporary password: the user's own password, typed twice. */
export function newPasswordBody(opts: NewPasswordPageOptions): string {
  const text = messages[opts.locale];
  const described = opts.error
    ? ' aria-describedby="password-hint password-error" aria-invalid="true"'
    : ' aria-describedby="password-hint"';
  const alert = opts.error
    ? `<p id="password-error" class="alert" role="alert">${escapeHtml(opts.error)}</p>`
    : '';
  // On error the fields come back empty: the page never echoes a password.
  return `<h1>${escapeHtml(text.newPasswordTitle)}</h1>
<p class="muted">${escapeHtml(text.newPasswordIntro)}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<input type="hidden" name="lang" value="${opts.locale}">
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(opts.username)}">
<label for="new-password">${escapeHtml(text.newPassword)}</label>
<input id="new-password" name="newPassword" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required autofocus${described}>
<p id="password-hint" class="hint">${escapeHtml(text.newPasswordHint)}</p>
<label for="confirm-password">${escapeHtml(text.confirmPassword)}</label>
<input id="confirm-password" name="confirmPassword" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required${opts.error ? ' aria-invalid="true"' : ''}>
${alert}
<button type="submit">${escapeHtml(text.saveNewPassword)}</button>
</form>`;
}

export type NewPasswordProblem = 'missing' | 'mismatch' | PasswordProblem;

/**
 * The rules a chosen password must meet: the account security page's policy (at least 12 characters, no
 * composition rules, not a common password, not the user's own identifiers); the "not the temporary one"
 * check needs the stored hash.
 */
export function newPasswordProblem(
  password: string,
  confirmation: string,
  identifiers: readonly string[],
): NewPasswordProblem | null {
  if (!password || !confirmation) return 'missing';
  const problem = passwordProblem(password, identifiers);
  if (problem) return problem;
  if (password !== confirmation) return 'mismatch';
  return null;
}
