import { escapeHtml } from './html';
import type { Locale } from './locale';
import { messages } from './messages';

/** The browser library (SimpleWebAuthn's UMD bundle) and the page's own glue, served under /idp/assets. */
export const WEBAUTHN_SCRIPT_PATH = '/assets/webauthn-browser.js';
export const PASSKEY_SCRIPT_PATH = '/assets/passkey.js';

/**
 * The glue: a passkey form stays hidden unless the browser supports WebAuthn; its button asks the
 * interaction for options, runs the ceremony, and posts the answer as an ordinary form (the IdP's
 * pages are server-rendered). A cancelled or failed ceremony shows the form's message and leaves the
 * other ways to sign in as they were. The button is `type="button"`: Enter in the password form never
 * starts a ceremony, and the page's submit buttons stay the password's and the code's.
 */
export const PASSKEY_JS = `document.addEventListener('DOMContentLoaded',function(){
var W=window.SimpleWebAuthnBrowser;if(!W||!W.browserSupportsWebAuthn())return;
document.querySelectorAll('[data-passkey-section]').forEach(function(section){
section.hidden=false;var form=section.querySelector('form');if(!form)return;
var button=form.querySelector('button'),alert=form.querySelector('.alert'),field=form.querySelector('input[name=response]');
function fail(message){button.disabled=false;alert.textContent=message;alert.hidden=false;}
button.addEventListener('click',function(event){event.preventDefault();if(button.disabled)return;
button.disabled=true;alert.hidden=true;
fetch(form.getAttribute('data-options'),{method:'POST',credentials:'same-origin'}).then(function(r){
if(!r.ok)throw new Error('options');return r.json();}).then(function(options){
return W.startAuthentication({optionsJSON:options});}).then(function(answer){
field.value=JSON.stringify(answer);form.submit();}).catch(function(){fail(form.getAttribute('data-failed')||'');});});});});
`;

export interface PasskeySectionOptions {
  locale: Locale;
  /** Base of the interaction's URLs, e.g. `/idp/interaction/abc`. */
  page: string;
  /** Second factor ("Usa una passkey") or passwordless on the login page ("Accedi con una passkey"). */
  kind: 'second' | 'login';
  error: string | null;
}

/** The passkey button and its form; hidden until the script has found WebAuthn in the browser. */
export function passkeySection(opts: PasskeySectionOptions): string {
  const text = messages[opts.locale];
  const login = opts.kind === 'login';
  const label = login ? text.passkeySignIn : text.passkeyUse;
  const failed = login ? text.passkeyLoginCancelled : text.passkeyCancelled;
  const error = opts.error
    ? `<p class="alert" role="alert">${escapeHtml(opts.error)}</p>`
    : '<p class="alert" role="alert" hidden></p>';
  const hint = login ? '' : `<p class="hint">${escapeHtml(text.passkeyHint)}</p>`;
  const or = `<p class="or" aria-hidden="true"><span>${escapeHtml(text.passkeyOr)}</span></p>`;
  return `<div class="passkey" data-passkey-section${opts.error ? '' : ' hidden'}>
${login ? or : ''}<form id="passkey-form" method="post" action="${escapeHtml(`${opts.page}/passkey`)}" data-options="${escapeHtml(`${opts.page}/passkey/options`)}" data-failed="${escapeHtml(failed)}">
<input type="hidden" name="lang" value="${opts.locale}">
<input type="hidden" name="response" value="">
<button type="button"${login ? ' class="secondary"' : ''}>${escapeHtml(label)}</button>
${hint}${error}
</form>
${login ? '' : or}</div>`;
}
