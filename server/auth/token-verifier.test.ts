import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http-error';
import { type DpopKey, dpopKey, dpopProof } from '../test/idp';
import { memoryReplayStore } from './replay-store';
import { createTokenVerifier, discoverJwksUri, type TokenVerifier } from './token-verifier';

const ISSUER = 'https://portal.example/idp';
const AUDIENCE = 'https://portal.example/api';
const API_URL = 'https://portal.example/api/me';

let signingKey: CryptoKey;
let jwks: JSONWebKeySet;
let client: DpopKey;
let jkt: string;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  client = await dpopKey();
  jkt = await calculateJwkThumbprint(client.publicJwk);
});

async function accessToken(claims: JWTPayload = {}, opts: { expiresIn?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: 'portal', amr: ['pwd'], ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
    .setIssuer((claims.iss as string | undefined) ?? ISSUER)
    .setAudience((claims.aud as string | undefined) ?? AUDIENCE)
    .setSubject('sub-1')
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (opts.expiresIn ?? 300))
    .sign(signingKey);
}

const verifier = (requireDpop = false): TokenVerifier =>
  createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    jwks,
    requireDpop,
    clockToleranceSec: 0,
    replayStore: memoryReplayStore(),
  });

function bearer(token: string): Request {
  return new Request(API_URL, { headers: { authorization: `Bearer ${token}` } });
}

async function dpopRequest(
  token: string,
  proof: { htm?: string; htu?: string; jti?: string; iat?: number; ath?: string } = {},
  request: { method?: string; url?: string } = {},
): Promise<Request> {
  const url = request.url ?? API_URL;
  const method = request.method ?? 'GET';
  const header = await dpopProof(client, {
    htm: proof.htm ?? method,
    htu: proof.htu ?? url,
    accessToken: proof.ath ?? token,
    jti: proof.jti,
    iat: proof.iat,
  });
  return new Request(url, { method, headers: { authorization: `DPoP ${token}`, dpop: header } });
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('createTokenVerifier', () => {
  it('accepts a valid bearer token and reports amr', async () => {
    const result = await verifier()(bearer(await accessToken()));
    expect(result.subject).toBe('sub-1');
    expect(result.authenticationMethod).toBe('pwd');
  });

  it('uses acr when there is no amr, and null when neither', async () => {
    expect(
      (await verifier()(bearer(await accessToken({ amr: undefined, acr: 'loa2' })))).authenticationMethod,
    ).toBe('loa2');
    expect((await verifier()(bearer(await accessToken({ amr: undefined })))).authenticationMethod).toBeNull();
  });

  it('refuses a missing or malformed Authorization header with a challenge', async () => {
    const error = await failure(verifier()(new Request(API_URL)));
    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(error.headers?.['WWW-Authenticate']).toContain('Bearer');
    expect((await failure(verifier()(bearer('not a token')))).code).toBe('UNAUTHENTICATED');
  });

  it('refuses the wrong audience and the wrong issuer', async () => {
    expect(
      (await failure(verifier()(bearer(await accessToken({ aud: 'https://other.example/api' }))))).code,
    ).toBe('UNAUTHENTICATED');
    const wrongIssuer = await failure(verifier()(bearer(await accessToken({ iss: 'https://evil.example' }))));
    expect(wrongIssuer.code).toBe('UNAUTHENTICATED');
    expect(wrongIssuer.headers?.['WWW-Authenticate']).toContain('error="invalid_token"');
  });

  it('answers SESSION_EXPIRED to an expired token', async () => {
    const error = await failure(verifier()(bearer(await accessToken({}, { expiresIn: -5 }))));
    expect(error.status).toBe(401);
    expect(error.code).toBe('SESSION_EXPIRED');
  });

  it('refuses a token it verified before, once the token has expired', async () => {
    const verify = verifier();
    const token = await accessToken({}, { expiresIn: 2 });
    expect((await verify(bearer(token))).subject).toBe('sub-1');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3_000);
      expect((await failure(verify(bearer(token)))).code).toBe('SESSION_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token signed by another key', async () => {
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('sub-1')
      .setExpirationTime('5m')
      .sign(other.privateKey);
    expect((await failure(verifier()(bearer(forged)))).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a plain bearer token when DPoP is required', async () => {
    const error = await failure(verifier(true)(bearer(await accessToken())));
    expect(error.headers?.['WWW-Authenticate']).toMatch(/^DPoP /);
  });

  it('accepts a DPoP-bound token with a good proof', async () => {
    const token = await accessToken({ cnf: { jkt } });
    const result = await verifier(true)(await dpopRequest(token));
    expect(result.subject).toBe('sub-1');
  });

  it('compares htu without query and fragment', async () => {
    const token = await accessToken({ cnf: { jkt } });
    const request = await dpopRequest(token, { htu: API_URL }, { url: `${API_URL}?lang=it` });
    expect((await verifier(true)(request)).subject).toBe('sub-1');
  });

  it('refuses a DPoP-bound token used as a bearer token', async () => {
    const error = await failure(verifier()(bearer(await accessToken({ cnf: { jkt } }))));
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a proof with a bad ath, htm or htu', async () => {
    const token = await accessToken({ cnf: { jkt } });
    const checks = [
      await dpopRequest(token, { ath: 'another-token' }),
      await dpopRequest(token, { htm: 'POST' }),
      await dpopRequest(token, { htu: 'https://portal.example/api/other' }),
      await dpopRequest(token, { htu: 'https://evil.example/api/me' }),
      await dpopRequest(token, { iat: Math.floor(Date.now() / 1000) - 120 }),
    ];
    for (const request of checks) {
      const error = await failure(verifier(true)(request));
      expect(error.headers?.['WWW-Authenticate']).toContain('invalid_dpop_proof');
    }
  });

  it('refuses a replayed proof jti', async () => {
    const token = await accessToken({ cnf: { jkt } });
    const verify = verifier(true);
    await verify(await dpopRequest(token, { jti: 'once' }));
    const error = await failure(verify(await dpopRequest(token, { jti: 'once' })));
    expect(error.headers?.['WWW-Authenticate']).toContain('proof replayed');
  });

  it('refuses a proof made with a key the token is not bound to', async () => {
    const token = await accessToken({ cnf: { jkt: 'some-other-thumbprint' } });
    expect((await failure(verifier(true)(await dpopRequest(token)))).code).toBe('UNAUTHENTICATED');
  });

  it('refuses the DPoP scheme without a proof or for an unbound token', async () => {
    const bound = await accessToken({ cnf: { jkt } });
    const noProof = new Request(API_URL, { headers: { authorization: `DPoP ${bound}` } });
    expect((await failure(verifier(true)(noProof))).code).toBe('UNAUTHENTICATED');
    const unbound = await accessToken();
    expect((await failure(verifier(true)(await dpopRequest(unbound)))).code).toBe('UNAUTHENTICATED');
  });
});

describe('remote keys and discovery', () => {
  let server: Server;
  let base = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/realm/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer: `${base}/realm`, jwks_uri: `${base}/realm/certs` }));
      } else if (req.url === '/realm/certs') {
        res.end(JSON.stringify(jwks));
      } else {
        res.writeHead(404).end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('discovers jwks_uri and verifies with the remote key set', async () => {
    const jwksUri = await discoverJwksUri(`${base}/realm/`);
    expect(jwksUri).toBe(`${base}/realm/certs`);
    const verify = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: new URL(jwksUri),
      requireDpop: false,
      replayStore: memoryReplayStore(),
    });
    expect((await verify(bearer(await accessToken()))).subject).toBe('sub-1');
  });

  it('fails discovery loudly when the issuer does not answer', async () => {
    await expect(discoverJwksUri(`${base}/nowhere`)).rejects.toThrow(/discovery failed/);
  });
});
