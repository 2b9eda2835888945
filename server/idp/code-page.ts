import { escapeHtml } from './html';
import type { Locale } from './locale';
import { messages } from './messages';

/** Script that counts the resend cooldown down and enables the button (served under /idp/assets). */
export const RESEND_COUNTDOWN_JS = `document.addEventListener('DOMContentLoaded',function(){
var b=document.getElementById('resend');if(!b)return;
var left=Number(b.getAttribute('data-wait'))||0,label=b.getAttribute('data-label')||'',wait=b.getAttribute('data-wait-label')||'';
function tick(){if(left>0){b.disabled=true;b.textContent=wait.replace('{seconds}',String(left));left-=1;setTimeout(tick,1000);}
else{b.disabled=false;b.textContent=label;}}
tick();});
`;

export interface CodePageOptions {
  locale: Locale;
  /** Base of the interaction's URLs, e.g. `/idp/interaction/abc`. */
  page: string;
  maskedPhone: string;
  sent: boolean;
  resendInSeconds: number;
  error: string | null;
  notice: string | null;
  /** The demo's outbox page, in demo mode only. */
  demoSmsHref: string | null;
  /** "Usa una passkey" (server/idp/passkey-page.ts) when the user has one; empty otherwise. */
  passkey?: string;
}

/** Second step of the patients' login: the SMS code, resend, and "remember this device". */
export function codeBody(opts: CodePageOptions): string {
  const text = messages[opts.locale];
  const intro = (opts.sent ? text.codeSentTo : text.codeRequest).replace('{phone}', opts.maskedPhone);
  const described = opts.error
    ? ' aria-describedby="code-error" aria-invalid="true"'
    : ' aria-describedby="code-hint"';
  const alert = opts.error
    ? `<p id="code-error" class="alert" role="alert">${escapeHtml(opts.error)}</p>`
    : '';
  const notice = opts.notice ? `<p class="notice" role="status">${escapeHtml(opts.notice)}</p>` : '';
  const demo = opts.demoSmsHref
    ? `<p class="links"><a href="${escapeHtml(opts.demoSmsHref)}" target="_blank" rel="noopener">${escapeHtml(text.demoSms)}</a></p>`
    : '';
  const lang = `<input type="hidden" name="lang" value="${opts.locale}">`;
  return `<h1>${escapeHtml(text.codeTitle)}</h1>
<p class="muted">${escapeHtml(intro)}</p>${notice}
${opts.passkey ?? ''}<form method="post" action="${escapeHtml(`${opts.page}/loginstrong`)}" novalidate>
${lang}
<label for="code">${escapeHtml(text.codeLabel)}</label>
<input id="code" name="code" type="text" class="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="6" required${opts.passkey ? '' : ' autofocus'}${described}>
<p id="code-hint" class="hint">${escapeHtml(text.codeHint)}</p>
<label class="check"><input type="checkbox" name="remember" value="yes">${escapeHtml(text.rememberDevice)}</label>
${alert}
<button type="submit">${escapeHtml(text.verify)}</button>
</form>
<form method="post" action="${escapeHtml(`${opts.page}/otp/requestOtp`)}">
${lang}
<button id="resend" type="submit" class="secondary" data-wait="${opts.resendInSeconds}" data-label="${escapeHtml(text.resend)}" data-wait-label="${escapeHtml(text.resendIn)}">${escapeHtml(text.resend)}</button>
</form>${demo}`;
}
