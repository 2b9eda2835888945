import { SMART_RESOURCE_TYPES, type SmartResource } from '../../src/contract/apps';
import type { PatientChoice } from '../services/apps/choices';
import { consentMessages } from './consent-messages';
import { escapeHtml } from './html';
import type { Locale } from './locale';

export interface ConsentPageOptions {
  locale: Locale;
  /** Base of the interaction's URLs, e.g. `/idp/interaction/abc`. */
  page: string;
  appName: string;
  /** Where the app gets its answer (the redirect URI's origin), so a lookalike is seen before allowing. */
  returnOrigin: string;
  resources: readonly SmartResource[];
  identity: boolean;
  offline: boolean;
  choices: readonly PatientChoice[];
  error: boolean;
}

const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

function resourceList(opts: ConsentPageOptions): string {
  const names = consentMessages[opts.locale].resources;
  const item = (type: SmartResource): string => `<li>${escapeHtml(names[type])}</li>`;
  if (opts.resources.includes('*')) {
    return `<p>${escapeHtml(consentMessages[opts.locale].everything)}</p>
<ul class="scopes">${SMART_RESOURCE_TYPES.map(item).join('')}</ul>`;
  }
  return `<ul class="scopes">${opts.resources.map(item).join('')}</ul>`;
}

function patientPicker(opts: ConsentPageOptions): string {
  const text = consentMessages[opts.locale];
  const [only] = opts.choices;
  if (opts.choices.length === 1 && only) {
    return `<p><strong>${escapeHtml(fill(text.ownDossier, { name: only.name }))}</strong></p>
<input type="hidden" name="patient" value="${only.patientId}">`;
  }
  const described = opts.error ? ' aria-describedby="patient-error"' : '';
  const radios = opts.choices
    .map(
      (choice) =>
        `<label class="check"><input type="radio" name="patient" value="${choice.patientId}" required>${escapeHtml(choice.name)}</label>`,
    )
    .join('');
  const alert = opts.error
    ? `<p id="patient-error" class="alert" role="alert">${escapeHtml(text.pickPatient)}</p>`
    : '';
  return `<fieldset class="patients"${described}><legend>${escapeHtml(text.whose)}</legend>${radios}</fieldset>${alert}`;
}

/** The consent page: the app, what it will read resource by resource, whose dossier, Allow / Don't allow. */
export function consentBody(opts: ConsentPageOptions): string {
  const text = consentMessages[opts.locale];
  const app = { app: opts.appName };
  const action = escapeHtml(`${opts.page}/consent`);
  const lang = `<input type="hidden" name="lang" value="${opts.locale}">`;
  const back = fill(text.returnTo, { origin: opts.returnOrigin });
  if (opts.choices.length === 0) {
    return `<h1>${escapeHtml(fill(text.title, app))}</h1><p>${escapeHtml(text.nobody)}</p>
<form method="post" action="${action}">${lang}<input type="hidden" name="decision" value="deny">
<button type="submit">${escapeHtml(text.back)}</button></form><p class="hint">${escapeHtml(back)}</p>`;
  }
  const identity = opts.identity ? `<p>${escapeHtml(text.identity)}</p>` : '';
  return `<h1>${escapeHtml(fill(text.title, app))}</h1>
<p>${escapeHtml(fill(text.intro, app))}</p>
${resourceList(opts)}${identity}
<p class="muted">${escapeHtml(text.readOnly)} ${escapeHtml(opts.offline ? text.offline : text.online)}</p>
<form method="post" action="${action}" novalidate>${lang}
${patientPicker(opts)}
<button type="submit" name="decision" value="allow">${escapeHtml(text.allow)}</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>${escapeHtml(text.deny)}</button>
</form>
<p class="hint">${escapeHtml(back)}</p>
<p class="hint">${escapeHtml(text.revokeLater)}</p>`;
}
