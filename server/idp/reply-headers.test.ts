import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, pkce, startTestIdp, type TestIdp } from '../test/idp';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Every kind of reply the provider writes: metadata, keys, a redirect, its own page, an asset, a refusal. */
async function repliesOf(t: TestIdp): Promise<Map<string, Response>> {
  const jar = new CookieJar({ 'x-forwarded-proto': t.issuer.startsWith('https:') ? 'https' : 'http' });
  const { challenge } = pkce();
  const query = new URLSearchParams({
    client_id: 'portal',
    response_type: 'code',
    redirect_uri: `${t.issuer.replace(/\/idp$/, '')}/postAuth`,
    scope: 'openid profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
  });
  const replies = new Map<string, Response>();
  replies.set('discovery', await jar.fetch(`${t.base}/idp/.well-known/openid-configuration`));
  replies.set('jwks', await jar.fetch(`${t.base}/idp/jwks`));
  const redirect = await jar.fetch(`${t.base}/idp/auth?${query}`);
  replies.set('redirect', redirect);
  replies.set('login page', await jar.fetch(`${t.base}${redirect.headers.get('location') ?? ''}`));
  replies.set('asset', await jar.fetch(`${t.base}/idp/assets/auto-submit.js`));
  replies.set('refusal', await jar.fetch(`${t.base}/idp/token`, { method: 'POST' }));
  return replies;
}

describe('the identity provider’s replies', () => {
  let https: TestIdp;
  let http: TestIdp;
  beforeAll(async () => {
    https = await startTestIdp([], 'memory://', { https: true });
    http = await startTestIdp([], 'memory://');
  });
  afterAll(async () => {
    await https?.close();
    await http?.close();
  });

  it('carry HSTS over https, as the portal’s and the API’s do, and the opener and resource policies', async () => {
    const replies = await repliesOf(https);
    expect(replies.get('redirect')?.status).toBe(303);
    expect(replies.get('login page')?.status).toBe(200);
    for (const [kind, reply] of replies) {
      expect(reply.headers.get('Strict-Transport-Security'), kind).toBe(HSTS);
      expect(reply.headers.get('Cross-Origin-Opener-Policy'), kind).toBe('same-origin');
      expect(reply.headers.get('Cross-Origin-Resource-Policy'), kind).toBe('same-origin');
    }
  });

  it('carry no HSTS over plain http, the policies still', async () => {
    for (const [kind, reply] of await repliesOf(http)) {
      expect(reply.headers.get('Strict-Transport-Security'), kind).toBeNull();
      expect(reply.headers.get('Cross-Origin-Resource-Policy'), kind).toBe('same-origin');
    }
  });
});
