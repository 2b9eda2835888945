/** A registered SMART app driven with fetch against a test IdP: authorize, sign in, consent, tokens. */
import { randomBytes } from 'node:crypto';
import { smartApps } from '../db/schema';
import { CookieJar, pkce, type TestIdp } from './idp';
import { PortalClient } from './idp-flow';

export interface TestApp {
  id: number;
  clientId: string;
  name: string;
  redirectUri: string;
  secret: string | null;
}

/** Registers an app as an administrator would (straight into smart_apps). */
export async function registerTestApp(
  t: TestIdp,
  options: { name?: string; confidential?: boolean; redirectUri?: string } = {},
): Promise<TestApp> {
  const clientId = `app-${randomBytes(6).toString('hex')}`;
  const secret = options.confidential ? randomBytes(24).toString('base64url') : null;
  const redirectUri = options.redirectUri ?? 'http://localhost:9876/callback';
  const name = options.name ?? `Diario ${clientId}`;
  const [row] = await t.database.db
    .insert(smartApps)
    .values({
      clientId,
      name,
      redirectUris: [redirectUri],
      confidential: secret !== null,
      clientSecret: secret,
    })
    .returning({ id: smartApps.id });
  return { id: row?.id ?? 0, clientId, name, redirectUri, secret };
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface Consent {
  jar: CookieJar;
  verifier: string;
  /** The consent page's URL and HTML (empty when the flow ended before it). */
  url: string;
  html: string;
  status: number;
}

export class SmartAppClient {
  readonly portal: PortalClient;
  constructor(
    private readonly t: TestIdp,
    readonly app: TestApp,
  ) {
    this.portal = new PortalClient(t);
  }

  get fhirBase(): string {
    return `${this.t.config.publicUrl}/fhir`;
  }

  authorizeUrl(challenge: string, params: Record<string, string> = {}): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.app.clientId,
      redirect_uri: this.app.redirectUri,
      scope: 'launch/patient openid fhirUser offline_access patient/Patient.rs patient/Observation.rs',
      state: 'app-state-1',
      aud: this.fhirBase,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...params,
    });
    return `${this.t.issuer}/auth?${query}`;
  }

  /** Starts the authorization, signs in (password and SMS code) and opens the consent page. */
  async toConsent(username: string, password: string, params: Record<string, string> = {}): Promise<Consent> {
    const jar = new CookieJar();
    const { verifier, challenge } = pkce();
    let response = await jar.fetch(this.authorizeUrl(challenge, params));
    const login = new URL(response.headers.get('location') ?? '', this.t.base).href;
    if (response.status !== 303 || !login.includes('/interaction/'))
      return { jar, verifier, url: login, html: await response.text(), status: response.status };
    await jar.fetch(login);
    response = await this.portal.submit(jar, login, username, password);
    if (response.status === 200) {
      // Patients and guests: the SMS code; staff: their authenticator's.
      const step = await response.text();
      const code = step.includes('id="totp-form"')
        ? await this.portal.totpCode(username, step.includes('id="secret-copy"') ? step : undefined)
        : await this.portal.latestCode(username);
      response = await this.portal.submitCode(jar, login, code);
    }
    response = await jar.fetch(new URL(response.headers.get('location') ?? '', this.t.base).href);
    const url = new URL(response.headers.get('location') ?? '', this.t.base).href;
    const page = await jar.fetch(url);
    return { jar, verifier, url, html: await page.text(), status: page.status };
  }

  /** Posts the consent form; answers the redirect to the app (its URL), or the page shown again. */
  async decide(
    consent: Consent,
    form: Record<string, string>,
  ): Promise<{ status: number; location: URL | null; html: string }> {
    // A single dossier is a hidden field of the page, sent as a browser would.
    const hidden = /<input type="hidden" name="patient" value="(\d+)">/.exec(consent.html)?.[1];
    if (hidden && !('patient' in form)) form = { ...form, patient: hidden };
    const posted = await consent.jar.fetch(`${consent.url}/consent`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams(form),
    });
    if (posted.status !== 303) return { status: posted.status, location: null, html: await posted.text() };
    const resumed = await consent.jar.fetch(new URL(posted.headers.get('location') ?? '', this.t.base).href);
    return {
      status: resumed.status,
      location: new URL(resumed.headers.get('location') ?? '', this.t.base),
      html: '',
    };
  }

  tokenRequest(params: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const auth: Record<string, string> = this.app.secret
      ? {
          authorization: `Basic ${Buffer.from(`${this.app.clientId}:${this.app.secret}`).toString('base64')}`,
        }
      : {};
    return fetch(`${this.t.issuer}/token`, {
      method: 'POST',
      headers: { ...FORM, ...auth, ...headers },
      body: new URLSearchParams({ ...(this.app.secret ? {} : { client_id: this.app.clientId }), ...params }),
    });
  }

  exchange(code: string, verifier: string): Promise<Response> {
    return this.tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.app.redirectUri,
      code_verifier: verifier,
    });
  }

  /** The whole launch for a patient who allows: the token response. */
  async launch(
    username: string,
    password: string,
    form: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const consent = await this.toConsent(username, password);
    const decided = await this.decide(consent, { decision: 'allow', ...form });
    const code = decided.location?.searchParams.get('code');
    if (!code)
      throw new Error(`no code: ${decided.status} ${decided.location?.href ?? decided.html.slice(0, 200)}`);
    const response = await this.exchange(code, consent.verifier);
    if (response.status !== 200) throw new Error(`exchange failed: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  }
}
