/** The forgotten-password pages driven with fetch, as a browser would (tests only). */
import { desc, eq } from 'drizzle-orm';
import { smsOutbox, users } from '../db/schema';
import { CookieJar, type TestIdp } from './idp';
import { PortalClient } from './idp-flow';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export interface ForgotStart {
  jar: CookieJar;
  loginUrl: string;
  verifier: string;
  loginHtml: string;
  html: string;
}

export class ForgotClient {
  readonly portal: PortalClient;

  constructor(private readonly t: TestIdp) {
    this.portal = new PortalClient(t);
  }

  /** Opens the login page and follows its "Forgot your password?" link. */
  async open(jar = new CookieJar()): Promise<ForgotStart> {
    const { loginUrl, verifier, html: loginHtml } = await this.portal.openLogin(jar);
    const href = (loginHtml.match(/<a id="forgot-password" href="([^"]+)"/)?.[1] ?? '').replace(
      /&amp;/g,
      '&',
    );
    const page = await jar.fetch(new URL(href, this.t.base).href);
    return { jar, loginUrl, verifier, loginHtml, html: await page.text() };
  }

  post(jar: CookieJar, loginUrl: string, step: string, fields: Record<string, string>): Promise<Response> {
    return jar.fetch(`${loginUrl}/forgot${step}`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams(fields),
    });
  }

  /** SMS bodies sent to this user's phone, newest first. */
  async smsTo(username: string): Promise<{ body: string; purpose: string }[]> {
    const db = this.t.database.db;
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    return db
      .select({ body: smsOutbox.body, purpose: smsOutbox.purpose })
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, user?.mobilePhone ?? '-'))
      .orderBy(desc(smsOutbox.id));
  }

  async resetCode(username: string): Promise<string> {
    const sent = (await this.smsTo(username)).find((sms) => sms.purpose === 'password-reset');
    return sent?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
  }

  /** Identifier, code (and the staff's authenticator code): up to the new-password page. */
  async toPasswordStep(
    identifier: string,
    username: string,
    totp?: () => Promise<string>,
    jar = new CookieJar(),
  ): Promise<ForgotStart & { response: Response }> {
    const start = await this.open(jar);
    await this.post(start.jar, start.loginUrl, '', { identifier });
    let response = await this.post(start.jar, start.loginUrl, '/code', {
      code: await this.resetCode(username),
    });
    if (totp) response = await this.post(start.jar, start.loginUrl, '/factor', { code: await totp() });
    return { ...start, response, html: await response.text() };
  }
}

/** A page with what changes between two visits (nonces, interaction ids) taken out. */
export const comparable = (html: string): string =>
  html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/\/interaction\/[\w-]+/g, '/interaction/UID');
