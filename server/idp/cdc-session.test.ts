import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { grantLiveness } from '../auth/grant-liveness';
import { databaseReplayStore } from '../auth/replay-store';
import { createTokenVerifier } from '../auth/token-verifier';
import { dpopKey, dpopProof, startTestIdp, TEST_USERS, type TestIdp } from '../test/idp';
import { PortalClient } from '../test/idp-flow';

let t: TestIdp;

describe.each(databaseTargets)('context-sharing logins from the embedded IdP on $name', ({ location }) => {
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location);
  });
  afterAll(async () => t?.close());

  it('issues what a login issues, bound to the browser key, refreshable, and ended by end()', async () => {
    const key = await dpopKey();
    const { launch } = t.idp;
    expect(launch.tokenEndpoint).toBe(`${t.issuer}/token`);
    const proof = await dpopProof(key, { htm: 'POST', htu: launch.tokenEndpoint });
    const tokens = await launch.issue('sub-anna', proof);
    if (!tokens) throw new Error('no tokens');
    expect(tokens.token_type).toBe('DPoP');
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: 'sub-anna', user_type: 'PHY' });

    const apiUrl = `${t.base}/api/me`;
    const verify = createTokenVerifier({
      issuer: t.issuer,
      audience: t.config.apiAudience,
      jwks: t.idp.publicJwks,
      requireDpop: true,
      replayStore: databaseReplayStore(t.database.db),
      grantIsLive: grantLiveness(t.database.db),
    });
    const call = async (accessToken: string): Promise<Request> =>
      new Request(apiUrl, {
        headers: {
          authorization: `DPoP ${accessToken}`,
          dpop: await dpopProof(key, { htm: 'GET', htu: apiUrl, accessToken }),
        },
      });
    const principal = await verify(await call(tokens.access_token));
    expect(principal).toMatchObject({ subject: 'sub-anna', authenticationMethod: 'cdc' });

    // The portal refreshes a launched login the usual way, with the same key.
    const portal = new PortalClient(t);
    const refreshed = await portal.tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      key,
    );
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Record<string, string>;

    // Another key cannot use the refresh token.
    const thief = await portal.tokenRequest(
      { grant_type: 'refresh_token', refresh_token: next.refresh_token ?? '' },
      await dpopKey(),
    );
    expect(thief.status).toBe(400);

    const grantId = decodeJwt(tokens.access_token).grant_id;
    if (typeof grantId !== 'string') throw new Error('no grant id');
    await launch.end(grantId);
    await expect(verify(await call(next.access_token ?? ''))).rejects.toMatchObject({ status: 401 });
    const after = await portal.tokenRequest(
      { grant_type: 'refresh_token', refresh_token: next.refresh_token ?? '' },
      key,
    );
    expect(after.status).toBe(400);
  });

  it('refuses a proof for another address, and unknown or disabled users', async () => {
    const key = await dpopKey();
    const wrong = await dpopProof(key, { htm: 'POST', htu: `${t.base}/api/v1/discovery` });
    expect(await t.idp.launch.issue('sub-anna', wrong)).toBeNull();
    const proof = () => dpopProof(key, { htm: 'POST', htu: t.idp.launch.tokenEndpoint });
    expect(await t.idp.launch.issue('sub-nobody', await proof())).toBeNull();
    expect(await t.idp.launch.issue('sub-off', await proof())).toBeNull();
  });
});
