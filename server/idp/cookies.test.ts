import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { CookieJar, pkce, startTestIdp, TEST_PASSWORD, type TestIdp } from '../test/idp';
import { PortalClient } from '../test/idp-flow';
import { clientRedirects, DEV_ORIGIN } from './provider-config';

const STAFF = {
  subject: 'sub-anna',
  username: 'anna.neri',
  password: TEST_PASSWORD,
  userType: 'PHY',
  displayName: 'Anna Neri',
};

/** The Set-Cookie line of a cookie by name, lower-cased for the attribute checks. */
function cookieLine(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((entry) => entry.startsWith(`${name}=`)) ?? '';
  return line.toLowerCase();
}

describe('IdP cookies on https', () => {
  let t: TestIdp;
  beforeAll(async () => {
    t = await startTestIdp([STAFF], 'memory://', { https: true });
  });
  afterAll(async () => t?.close());

  it('names the session and interaction cookies __Host- (Secure, Path=/), the resume cookie __Secure-', async () => {
    const jar = new CookieJar({ 'x-forwarded-proto': 'https' });
    const { challenge } = pkce();
    const publicBase = t.issuer.replace(/\/idp$/, '');
    const query = new URLSearchParams({
      client_id: 'portal',
      response_type: 'code',
      redirect_uri: `${publicBase}/postAuth`,
      scope: 'openid profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-1',
    });
    const start = await jar.fetch(`${t.base}/idp/auth?${query}`);
    expect(start.status).toBe(303);
    const interaction = cookieLine(start, '__Host-interaction');
    expect(interaction).toContain('path=/;');
    expect(interaction).toContain('secure');
    expect(interaction).toContain('httponly');
    expect(cookieLine(start, '__Secure-interaction_resume')).toContain('secure');
    expect(start.headers.getSetCookie().some((line) => line.startsWith('_interaction='))).toBe(false);

    const loginUrl = `${t.base}${start.headers.get('location') ?? ''}`;
    expect((await jar.fetch(loginUrl)).status).toBe(200);
    const posted = await jar.fetch(`${loginUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'anna.neri', password: TEST_PASSWORD }),
    });
    // Staff enrol their authenticator at the first login; the code confirms it and ends the interaction.
    expect(posted.status).toBe(200);
    const code = await new PortalClient(t).totpCode('anna.neri', await posted.text());
    const confirmed = await new PortalClient(t).submitCode(jar, loginUrl, code);
    expect(confirmed.status).toBe(303);
    const resume = new URL(confirmed.headers.get('location') ?? '');
    const resumed = await jar.fetch(`${t.base}${resume.pathname}${resume.search}`);
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get('location')).toContain(`${publicBase}/postAuth?code=`);
    const session = cookieLine(resumed, '__Host-session');
    expect(session).toMatch(/path=\/;|path=\/$/);
    expect(session).toContain('secure');
  });
});

describe('registered client origins', () => {
  it('registers the Vite dev origin only when NODE_ENV=development', () => {
    const everywhere = (env: NodeJS.ProcessEnv): string[] => {
      const { redirectUris, postLogoutUris } = clientRedirects(loadConfig(env));
      return [...redirectUris, ...postLogoutUris];
    };
    expect(everywhere({ NODE_ENV: 'production' }).some((uri) => uri.startsWith(DEV_ORIGIN))).toBe(false);
    expect(everywhere({}).some((uri) => uri.startsWith(DEV_ORIGIN))).toBe(false);
    expect(everywhere({ NODE_ENV: 'development' })).toContain(`${DEV_ORIGIN}/postAuth`);
  });
});
