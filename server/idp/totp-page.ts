import { groupSecret, qrSvg } from '../auth/totp';
import { escapeHtml } from './html';
import type { Locale } from './locale';
import { messages } from './messages';

export interface TotpPageOptions {
  locale: Locale;
  /** Base of the interaction's URLs, e.g. `/idp/interaction/abc`. */
  page: string;
  error: string | null;
  /** Offer "receive an SMS code instead" (the user has a phone number). */
  smsFallback: boolean;
  /** At enrolment: the new secret and its `otpauth://` URI; null on an ordinary login. */
  enrolment: { secret: string; uri: string } | null;
  /** "Usa una passkey" (server/idp/passkey-page.ts) when the user has one; empty otherwise. */
  passkey?: string;
}

function codeField(label: string, hint: string, error: string | null): string {
  const described = error
    ? ' aria-describedby="code-hint code-error" aria-invalid="true"'
    : ' aria-describedby="code-hint"';
  const alert = error ? `<p id="code-error" class="alert" role="alert">${escapeHtml(error)}</p>` : '';
  return `<label for="code">${escapeHtml(label)}</label>
<input id="code" name="code" type="text" class="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="6" required autofocus${described}>
<p id="code-hint" class="hint">${escapeHtml(hint)}</p>
${alert}`;
}

/**
 * What an authenticator app needs: the QR code of the URI to scan, beside it the key as grouped text and
 * as a field to copy (for a person who cannot scan), and the URI as a link.
 */
function enrolmentSection(opts: TotpPageOptions, secret: string, uri: string): string {
  const text = messages[opts.locale];
  return `<h2 class="label" id="qr-title">${escapeHtml(text.enrolQrLabel)}</h2>
<figure class="qr" id="otpauth-qr" data-otpauth="${escapeHtml(uri)}">${qrSvg(uri, text.enrolQrName)}</figure>
<h2 class="label" id="secret-title">${escapeHtml(text.enrolSecretLabel)}</h2>
<p class="secret" aria-labelledby="secret-title"><code>${escapeHtml(groupSecret(secret))}</code></p>
<label for="secret-copy">${escapeHtml(text.enrolSecretCopy)}</label>
<input id="secret-copy" name="secret" type="text" readonly value="${escapeHtml(secret)}" autocomplete="off" spellcheck="false">
<p class="hint">${escapeHtml(text.enrolSettings)}</p>
<p class="uri">${escapeHtml(text.enrolUriLabel)}</p>
<p class="links"><a id="otpauth-uri" href="${escapeHtml(uri)}">${escapeHtml(text.enrolUriLink)}</a></p>
<p class="hint"><code>${escapeHtml(uri)}</code></p>`;
}

/** Staff's second step: the authenticator's code, or at first login the enrolment and its first code. */
export function totpBody(opts: TotpPageOptions): string {
  const text = messages[opts.locale];
  const lang = `<input type="hidden" name="lang" value="${opts.locale}">`;
  const enrolment = opts.enrolment;
  const heading = enrolment ? text.enrolTitle : text.totpTitle;
  const intro = enrolment ? text.enrolIntro : text.totpIntro;
  const remember = enrolment
    ? ''
    : `<label class="check"><input type="checkbox" name="remember" value="yes">${escapeHtml(text.rememberDevice)}</label>\n`;
  const fallback =
    opts.smsFallback && !enrolment
      ? `<form method="post" action="${escapeHtml(`${opts.page}/otp/requestOtp`)}">
${lang}
<button type="submit" class="secondary">${escapeHtml(text.useSms)}</button>
</form>`
      : '';
  return `<h1>${escapeHtml(heading)}</h1>
<p class="muted">${escapeHtml(intro)}</p>
${enrolment ? enrolmentSection(opts, enrolment.secret, enrolment.uri) : (opts.passkey ?? '')}
<form id="totp-form" method="post" action="${escapeHtml(`${opts.page}/loginstrong`)}" novalidate>
${lang}
${codeField(enrolment ? text.enrolCodeLabel : text.totpLabel, text.totpHint, opts.error)}
${remember}<button type="submit">${escapeHtml(enrolment ? text.enrolConfirm : text.verify)}</button>
</form>
${fallback}`;
}
