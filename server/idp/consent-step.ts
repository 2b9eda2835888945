import type { IncomingMessage, ServerResponse } from 'node:http';
import { scopeResources } from '../../src/contract/apps';
import { setPatientContext } from '../auth/app-grant';
import { fhirAudienceOf } from '../config';
import { parseAccountSubject } from '../services/accounts/subject';
import { type PatientChoice, patientChoices } from '../services/apps/choices';
import { recordAppAuthorization } from '../services/apps/decisions';
import { endEarlierAppGrants } from '../services/apps/grants';
import { consentMessages } from './consent-messages';
import { consentBody } from './consent-page';
import { renderPage } from './html';
import type { InteractionDeps } from './interaction-deps';
import type { Locale } from './locale';
import { send } from './respond';
import { allowFormTarget, nonceOf } from './security';
import { APP_OIDC_SCOPES } from './smart-clients';
import type { Interaction } from './strong-login';

interface ConsentView {
  interaction: Interaction;
  action: string | null;
  form: URLSearchParams | null;
  locale: Locale;
}

interface Asked {
  oidcScopes: string[];
  fhirScopes: string[];
}

/** What the app asked and the provider has not granted yet: identity scopes, and the FHIR ones. */
function askedOf(interaction: Interaction, fhirAudience: string): Asked {
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const allowed = new Set(APP_OIDC_SCOPES.split(' '));
  return {
    oidcScopes: (details.missingOIDCScope ?? []).filter((scope) => allowed.has(scope)),
    fhirScopes: details.missingResourceScopes?.[fhirAudience] ?? [],
  };
}

async function render(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: ConsentView & { appName: string; choices: PatientChoice[]; asked: Asked; status: number },
): Promise<void> {
  const { interaction, locale, asked } = view;
  const page = `${deps.basePath}/interaction/${interaction.uid}`;
  const title = consentMessages[locale].title.replace('{app}', view.appName);
  const redirect = URL.parse(String(interaction.params.redirect_uri ?? ''));
  if (redirect) allowFormTarget(res, redirect.origin);
  const html = renderPage({
    locale,
    nonce: nonceOf(req),
    title,
    appTitle: deps.config.applicationTitle,
    languageLinks: { it: `${page}?lang=it`, en: `${page}?lang=en` },
    body: consentBody({
      locale,
      page,
      appName: view.appName,
      returnOrigin: redirect?.host ?? '',
      resources: scopeResources(asked.fhirScopes),
      identity: asked.oidcScopes.includes('fhirUser'),
      offline: asked.oidcScopes.includes('offline_access'),
      choices: view.choices,
      error: view.status === 400,
    }),
  });
  send(res, view.status, html);
}

/**
 * A third-party app's consent (SMART standalone launch): the page names the app and what it will read;
 * a guest picks one of their patients. Allow makes the grant, with the chosen patient in it; Don't allow
 * sends `access_denied` to the app's redirect URI. The portal itself never comes here (interaction.ts).
 */
export async function routeAppConsent(
  req: IncomingMessage,
  res: ServerResponse,
  deps: InteractionDeps,
  view: ConsentView,
): Promise<void> {
  const { provider, db, config } = deps;
  const { interaction, form } = view;
  const clientId = String(interaction.params.client_id);
  const client = await provider.Client.find(clientId);
  const accountId = interaction.session?.accountId;
  if (!client || !accountId) throw new Error('consent without a client or a signed-in account');
  const fhirAudience = fhirAudienceOf(config);
  const asked = askedOf(interaction, fhirAudience);
  const choices = await patientChoices(db, accountId);
  const appName = client.clientName ?? clientId;
  const decision = view.action === '/consent' && form ? form.get('decision') : null;
  if (decision === 'deny' || (decision === 'allow' && choices.length === 0)) {
    const refusal = { error: 'access_denied', error_description: 'the user did not allow the app' };
    await provider.interactionFinished(req, res, refusal, { mergeWithLastSubmission: false });
    return;
  }
  if (decision !== 'allow') {
    await render(req, res, deps, { ...view, appName, choices, asked, status: view.action ? 400 : 200 });
    return;
  }
  // Only a dossier offered above: a guest cannot name a patient they hold no live grant for.
  const chosen = choices.find((choice) => String(choice.patientId) === form?.get('patient'));
  if (!chosen) {
    await render(req, res, deps, { ...view, appName, choices, asked, status: 400 });
    return;
  }
  const grant = new provider.Grant({ accountId, clientId });
  // A guest has no FHIR resource of their own (no fhirUser): that scope is not granted to them.
  const guest = parseAccountSubject(chosen.account).grantId !== null;
  const oidc = asked.oidcScopes.filter((scope) => scope !== 'fhirUser' || !guest);
  if (oidc.length > 0) grant.addOIDCScope(oidc.join(' '));
  // Marked refused, not left out: a scope the grant never saw would bring the consent prompt back.
  if (guest && asked.oidcScopes.includes('fhirUser')) grant.rejectOIDCScope('fhirUser');
  if (oidc.includes('fhirUser')) grant.addOIDCClaims(['fhirUser']);
  if (asked.fhirScopes.length > 0) grant.addResourceScope(fhirAudience, asked.fhirScopes.join(' '));
  setPatientContext(grant, { patient: chosen.patientId, account: chosen.account });
  const grantId = await grant.save();
  await endEarlierAppGrants(db, {
    keep: grantId,
    clientId,
    account: chosen.account,
    patientId: chosen.patientId,
  });
  await recordAppAuthorization(db, chosen.account, chosen.patientId, appName);
  deps.logger.info('idp.app_authorized', { clientId, patientId: chosen.patientId });
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
