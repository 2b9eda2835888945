import { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '../test/fixtures';
import { freshApp } from '../test/helpers';
import { dpopProof } from './dpop-proof';
import { loadUserManager } from './user-manager';

function decode(part: string | undefined): Record<string, unknown> {
  return JSON.parse(atob((part ?? '').replace(/-/g, '+').replace(/_/g, '/')));
}

async function verifies(proof: string): Promise<boolean> {
  const [header, payload, signature] = proof.split('.');
  const key = await crypto.subtle.importKey(
    'jwk',
    decode(header).jwk as JsonWebKey,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const bytes = Uint8Array.from(atob((signature ?? '').replace(/-/g, '+').replace(/_/g, '/')), (char) =>
    char.charCodeAt(0),
  );
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    bytes,
    new TextEncoder().encode(`${header}.${payload}`),
  );
}

describe('DPoP proofs without the library', () => {
  it("signs with the library's stored key the same proof the library makes", async () => {
    freshApp({ ...TEST_CONFIG, oidc: { ...TEST_CONFIG.oidc, dpop: true } });
    const manager = await loadUserManager();
    const dpop = manager.settings.dpop;
    if (!dpop) throw new Error('DPoP settings expected');
    await manager.generateDPoPJkt(dpop);
    const request = {
      url: 'https://portal.test/api/me',
      method: 'GET',
      accessToken: 'token-1',
      nonce: 'n-1',
    };
    const ours = await dpopProof({ clientId: TEST_CONFIG.oidc.clientId, ...request });
    const user = new User({
      access_token: 'token-1',
      token_type: 'DPoP',
      profile: { sub: '', iss: '', aud: '', exp: 0, iat: 0 },
    });
    const theirs = (await manager.dpopProof(request.url, user, 'GET', 'n-1')) ?? '';
    expect(ours).toBeTruthy();
    const [ourHeader, ourPayload] = (ours ?? '').split('.');
    const [theirHeader, theirPayload] = theirs.split('.');
    expect(decode(ourHeader)).toEqual(decode(theirHeader));
    const { jti: ourJti, iat: ourIat, ...ourClaims } = decode(ourPayload);
    const { jti: theirJti, iat: theirIat, ...theirClaims } = decode(theirPayload);
    expect(ourClaims).toEqual(theirClaims);
    expect(ourJti).not.toBe(theirJti);
    expect(Math.abs(Number(ourIat) - Number(theirIat))).toBeLessThanOrEqual(1);
    expect(await verifies(ours ?? '')).toBe(true);
  });

  it('makes no proof without a key pair, as the library', async () => {
    freshApp({ ...TEST_CONFIG, oidc: { ...TEST_CONFIG.oidc, dpop: true } });
    const proof = await dpopProof({
      clientId: 'unknown-client',
      url: 'https://x/api',
      method: 'GET',
      accessToken: 't',
    });
    expect(proof).toBeUndefined();
  });
});
