import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { openDatabase } from '../db/client';
import {
  type DpopKey,
  dpopKey,
  dpopProof,
  formAction,
  inputValue,
  startTestIdp,
  TEST_PASSWORD,
  TEST_USERS,
  type TestIdp,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';
import { grantLiveness } from './grant-liveness';
import { databaseReplayStore } from './replay-store';
import { createTokenVerifier, type TokenVerifier } from './token-verifier';

let t: TestIdp;
let portal: PortalClient;

/** One API instance: its own verifier and replay store, on the shared database. */
const apiInstance = (): TokenVerifier =>
  createTokenVerifier({
    issuer: t.issuer,
    audience: t.config.apiAudience,
    jwks: t.idp.publicJwks,
    requireDpop: true,
    replayStore: databaseReplayStore(t.database.db),
    grantIsLive: grantLiveness(t.database.db),
  });

async function apiCall(key: DpopKey, accessToken: string, jti?: string): Promise<Request> {
  const url = `${t.base}/api/me`;
  const proof = await dpopProof(key, { htm: 'GET', htu: url, accessToken, ...(jti ? { jti } : {}) });
  return new Request(url, { headers: { authorization: `DPoP ${accessToken}`, dpop: proof } });
}

describe.each(databaseTargets)('API access ends with the session on $name', ({ location }) => {
  // Each authenticator code works once: every test signs in on the next 30-second step of the IdP's clock.
  let clockMs = Date.now();
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location, { clock: () => new Date(clockMs) });
    portal = new PortalClient(t);
  });
  beforeEach(() => {
    clockMs += 30_000;
  });
  afterAll(async () => t?.close());

  it('refuses an access token at once after logout', async () => {
    const key = await dpopKey();
    const { jar, tokens } = await portal.signIn('anna.neri', TEST_PASSWORD, key);
    const access = tokens.access_token ?? '';
    const api = apiInstance();
    expect((await api(await apiCall(key, access))).subject).toBe('sub-anna');

    const confirm = await jar.fetch(`${t.issuer}/session/end?client_id=portal`);
    const html = await confirm.text();
    const done = await jar.fetch(new URL(formAction(html) ?? '', t.base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: inputValue(html, 'xsrf') ?? '', logout: 'yes' }),
    });
    expect(done.status).toBe(303);
    await expect(api(await apiCall(key, access))).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses an access token at once after its refresh family is revoked', async () => {
    const key = await dpopKey();
    const { tokens } = await portal.signIn('anna.neri', TEST_PASSWORD, key);
    const access = tokens.access_token ?? '';
    const api = apiInstance();
    expect((await api(await apiCall(key, access))).subject).toBe('sub-anna');

    const revoked = await fetch(`${t.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'portal', token: tokens.refresh_token ?? '' }),
    });
    expect(revoked.status).toBe(200);
    await expect(api(await apiCall(key, access))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a DPoP proof replayed to another instance', async () => {
    const key = await dpopKey();
    const { tokens } = await portal.signIn('anna.neri', TEST_PASSWORD, key);
    const access = tokens.access_token ?? '';
    const proofRequest = await apiCall(key, access, 'one-proof-only');
    const first = apiInstance();
    const second = apiInstance();
    expect((await first(proofRequest.clone())).subject).toBe('sub-anna');
    await expect(second(proofRequest.clone())).rejects.toMatchObject({ status: 401 });
    await expect(first(proofRequest.clone())).rejects.toMatchObject({ status: 401 });
    // A fresh proof with the same token still works.
    expect((await second(await apiCall(key, access))).subject).toBe('sub-anna');
  });

  it('reads the grant in the statement that remembers the proof (one round trip)', async () => {
    const key = await dpopKey();
    const { tokens } = await portal.signIn('anna.neri', TEST_PASSWORD, key);
    const grantId = String(decodeJwt(tokens.access_token ?? '').grant_id);
    const store = databaseReplayStore(t.database.db);
    const until = new Date(Date.now() + 60_000);
    const remember = store.rememberWithGrant?.bind(store);
    if (!remember) throw new Error('the database store reads grants with proofs');
    expect(await remember('thumbprint:with-grant', until, grantId)).toEqual({ fresh: true, grantLive: true });
    expect((await remember('thumbprint:with-grant', until, grantId)).fresh).toBe(false);
    expect(await remember('thumbprint:other-grant', until, 'no-such-grant')).toEqual({
      fresh: true,
      grantLive: false,
    });
    expect(await grantLiveness(t.database.db)(grantId)).toBe(true);
  });
});

describe('DPoP replay memory across a restart', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'dpop-replay-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('still knows a proof after the database is closed and opened again', async () => {
    const until = new Date(Date.now() + 60_000);
    const before = await openDatabase(folder);
    expect(await databaseReplayStore(before.db).remember('thumbprint:jti-1', until)).toBe(true);
    await before.close();
    const after = await openDatabase(folder);
    try {
      const store = databaseReplayStore(after.db);
      expect(await store.remember('thumbprint:jti-1', until)).toBe(false);
      expect(await store.remember('thumbprint:jti-2', until)).toBe(true);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('takes over a proof whose memory has expired', async () => {
    const database = await openDatabase(folder);
    try {
      const store = databaseReplayStore(database.db);
      expect(await store.remember('thumbprint:old', new Date(Date.now() - 1000))).toBe(true);
      expect(await store.remember('thumbprint:old', new Date(Date.now() + 60_000))).toBe(true);
      expect(await store.remember('thumbprint:old', new Date(Date.now() + 60_000))).toBe(false);
    } finally {
      await database.close();
    }
  }, 120_000);
});
