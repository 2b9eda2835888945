/** The portal's side of the OpenID Connect flow, driven with fetch against a test IdP. */
import { desc, eq } from 'drizzle-orm';
import { readTotpSecret } from '../auth/second-factor';
import { base32Decode, hotp, totpStep } from '../auth/totp';
import { smsOutbox, totpFactors, users } from '../db/schema';
import { CookieJar, type DpopKey, dpopProof, inputValue, pkce, type TestIdp } from './idp';

export interface LoginStart {
  verifier: string;
  start: Response;
  page: Response | null;
  loginUrl: string;
  html: string;
}

export interface SignedIn {
  jar: CookieJar;
  tokens: Record<string, string>;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export class PortalClient {
  constructor(private readonly t: TestIdp) {}

  get redirectUri(): string {
    return `${this.t.base}/postAuth`;
  }

  authorizeUrl(challenge: string, params: Record<string, string> = {}): string {
    const query = new URLSearchParams({
      client_id: 'portal',
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-1',
      nonce: 'nonce-1',
      ...params,
    });
    return `${this.t.issuer}/auth?${query}`;
  }

  /** Starts an authorization request and opens the login page it leads to. */
  async openLogin(jar: CookieJar, params: Record<string, string> = {}): Promise<LoginStart> {
    const { verifier, challenge } = pkce();
    const start = await jar.fetch(this.authorizeUrl(challenge, params));
    const location = start.headers.get('location') ?? '';
    if (start.status !== 303 || !location.startsWith('/idp/interaction/')) {
      return { verifier, start, page: null, loginUrl: '', html: '' };
    }
    const loginUrl = new URL(location, this.t.base).href;
    const page = await jar.fetch(loginUrl);
    return { verifier, start, page, loginUrl, html: await page.text() };
  }

  submit(jar: CookieJar, loginUrl: string, username: string, password: string): Promise<Response> {
    return jar.fetch(`${loginUrl}/login`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ username, password }),
    });
  }

  /** `POST …/loginstrong`: the SMS code, optionally remembering the device. */
  submitCode(jar: CookieJar, loginUrl: string, code: string, remember = false): Promise<Response> {
    const body = new URLSearchParams({ code, ...(remember ? { remember: 'yes' } : {}) });
    return jar.fetch(`${loginUrl}/loginstrong`, { method: 'POST', headers: FORM, body });
  }

  /** `POST …/otp/requestOtp`: asks for a new code. */
  requestOtp(jar: CookieJar, loginUrl: string): Promise<Response> {
    return jar.fetch(`${loginUrl}/otp/requestOtp`, { method: 'POST', headers: FORM, body: '' });
  }

  /** The newest code sent by SMS to this user, as the user would read it on the phone. */
  async latestCode(username: string): Promise<string> {
    const db = this.t.database.db;
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    const [sms] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, user?.mobilePhone ?? ''))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    return sms?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
  }

  /**
   * The code the user's authenticator app shows now (the key is the one stored for the user, or the
   * one an enrolment page shows). A code already used is refused by the IdP, so within one 30-second
   * step a second login takes the next step's code (accepted: one step either side), as a person
   * would wait for the next one.
   */
  async totpCode(username: string, enrolmentPage?: string): Promise<string> {
    const db = this.t.database.db;
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    if (!user) throw new Error(`no user ${username}`);
    const shown = enrolmentPage ? inputValue(enrolmentPage, 'secret') : null;
    const secret = shown ? base32Decode(shown) : await readTotpSecret(db, user.id);
    if (!secret) throw new Error(`no authenticator key for ${username}`);
    const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id)).limit(1);
    const current = totpStep(this.t.clock());
    const step = Math.max(current, (factor?.lastUsedStep ?? 0) + 1);
    if (step > current + 1) throw new Error(`both codes of ${username}'s current steps are used`);
    return hotp(secret, step);
  }

  /** The code from a redirect to the portal's callback, checking where it lands. */
  codeFrom(response: Response): string {
    const callback = new URL(response.headers.get('location') ?? '', this.t.base);
    if (response.status !== 303 || `${callback.origin}${callback.pathname}` !== this.redirectUri) {
      throw new Error(`expected a redirect to the callback, got ${response.status} ${callback.href}`);
    }
    if (callback.searchParams.get('state') !== 'state-1') throw new Error('state lost');
    return callback.searchParams.get('code') ?? '';
  }

  /** Logs in and exchanges the code; with a DPoP key the tokens are bound to it. */
  async signIn(
    username: string,
    password: string,
    key?: DpopKey,
    options: { jar?: CookieJar; remember?: boolean } = {},
  ): Promise<SignedIn> {
    const jar = options.jar ?? new CookieJar();
    const { verifier, loginUrl } = await this.openLogin(jar);
    let posted = await this.submit(jar, loginUrl, username, password);
    const html = posted.status === 200 ? await posted.text() : '';
    // Patients and guests: the SMS code step.
    if (html.includes('/loginstrong"') && html.includes('id="resend"')) {
      posted = await this.submitCode(jar, loginUrl, await this.latestCode(username), options.remember);
    } else if (posted.status === 200 && html.includes('id="totp-form"')) {
      // Staff: the authenticator's code (at first login, the enrolment page's key).
      const code = await this.totpCode(username, html.includes('id="secret-copy"') ? html : undefined);
      posted = await this.submitCode(jar, loginUrl, code, options.remember);
    }
    if (posted.status !== 303) throw new Error(`login failed with ${posted.status}`);
    const resumed = await jar.fetch(new URL(posted.headers.get('location') ?? '', this.t.base).href);
    const tokens = await this.exchange(this.codeFrom(resumed), verifier, key);
    return { jar, tokens };
  }

  async exchange(code: string, verifier: string, key?: DpopKey): Promise<Record<string, string>> {
    const response = await this.tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: this.redirectUri, code_verifier: verifier },
      key,
    );
    if (response.status !== 200) throw new Error(`token exchange failed: ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  }

  async tokenRequest(params: Record<string, string>, key?: DpopKey): Promise<Response> {
    const url = `${this.t.issuer}/token`;
    const headers: Record<string, string> = { ...FORM };
    if (key) headers.DPoP = await dpopProof(key, { htm: 'POST', htu: url });
    return fetch(url, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ client_id: 'portal', ...params }),
    });
  }
}
