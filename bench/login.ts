/**
 * A real access token from the embedded IdP of a running server: the portal's authorization-code flow
 * with PKCE, driven with fetch and a cookie jar (with a DPoP key the token is bound to it, as the portal's);
 * patients type the SMS code, which the bench reads from the demo outbox; staff the demo authenticator's.
 */
import { CookieJar, type DpopKey, dpopProof, pkce } from '../server/test/idp';
import { demoTotpCode } from '../tools/demo-totp';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function smsCode(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/dev/sms.json?username=${encodeURIComponent(username)}`);
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${username} (is DEMO_MODE off?)`);
  return code;
}

export interface Tokens {
  accessToken: string;
  /** Present with `offline_access`: a later access token without a new login (tokens live 5 minutes). */
  refreshToken: string | null;
}

export async function signIn(
  base: string,
  username: string,
  password: string,
  dpopKey?: DpopKey,
): Promise<string> {
  return (await signInTokens(base, username, password, dpopKey)).accessToken;
}

/** The token endpoint's answer: a grant's access token and, when given, its refresh token. */
async function tokenCall(base: string, form: Record<string, string>, dpopKey?: DpopKey): Promise<Tokens> {
  const tokenUrl = `${base}/idp/token`;
  const proof: Record<string, string> = dpopKey
    ? { DPoP: await dpopProof(dpopKey, { htm: 'POST', htu: tokenUrl }) }
    : {};
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers: { ...FORM, ...proof },
    body: new URLSearchParams({ client_id: 'portal', ...form }),
  });
  if (response.status !== 200) throw new Error(`token call failed: ${await response.text()}`);
  const body = (await response.json()) as { access_token?: string; refresh_token?: string };
  if (!body.access_token) throw new Error('token answer without access_token');
  return { accessToken: body.access_token, refreshToken: body.refresh_token ?? null };
}

/** A fresh access token from a refresh token (bound to the same DPoP key, as the portal's). */
export function refreshTokens(base: string, refreshToken: string, dpopKey?: DpopKey): Promise<Tokens> {
  return tokenCall(base, { grant_type: 'refresh_token', refresh_token: refreshToken }, dpopKey);
}

export async function signInTokens(
  base: string,
  username: string,
  password: string,
  dpopKey?: DpopKey,
): Promise<Tokens> {
  const issuer = `${base}/idp`;
  const redirectUri = `${base}/postAuth`;
  const jar = new CookieJar();
  const { verifier, challenge } = pkce();
  const query = new URLSearchParams({
    client_id: 'portal',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'bench',
    nonce: 'bench',
  });
  const start = await jar.fetch(`${issuer}/auth?${query}`);
  const loginUrl = new URL(start.headers.get('location') ?? '', base).href;
  await (await jar.fetch(loginUrl)).arrayBuffer();
  let posted = await jar.fetch(`${loginUrl}/login`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ username, password }),
  });
  const page = posted.status === 200 ? await posted.text() : '';
  // Patients and guests: the SMS code, read from the demo outbox (the bench server runs in demo mode);
  // staff: the code of the demo authenticator key.
  if (page.includes('/loginstrong"')) {
    const code = page.includes('id="totp-form"')
      ? await demoTotpCode(username)
      : await smsCode(base, username);
    posted = await jar.fetch(`${loginUrl}/loginstrong`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ code }),
    });
  }
  if (posted.status !== 303) throw new Error(`login of ${username} failed with ${posted.status}`);
  const resumed = await jar.fetch(new URL(posted.headers.get('location') ?? '', base).href);
  const code = new URL(resumed.headers.get('location') ?? '', base).searchParams.get('code');
  if (!code) throw new Error(`no authorization code for ${username} (${resumed.status})`);
  return tokenCall(
    base,
    { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    dpopKey,
  );
}
