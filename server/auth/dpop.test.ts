import { createHash, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type DpopKey, dpopKey, dpopProof } from '../test/idp';
import { DpopError, KEY_CACHE_MAX, proofKeyCacheSize, verifyDpopProof } from './dpop';
import { memoryReplayStore } from './replay-store';

const URL_ME = 'https://portal.example/api/me';
const TOKEN = 'access-token';
const request = (): Request => new Request(URL_ME);

/** A proof that names `claimed`'s public key in its header but is signed with `signer`'s private key. */
function forged(claimed: DpopKey, signer: DpopKey): Promise<string> {
  return new SignJWT({
    htm: 'GET',
    htu: URL_ME,
    jti: randomUUID(),
    ath: createHash('sha256').update(TOKEN).digest('base64url'),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: claimed.publicJwk })
    .setIssuedAt()
    .sign(signer.privateKey);
}

const refusal = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('DPoP proof keys imported once', () => {
  it('still refuses a proof signed by another key once the named key is cached', async () => {
    const [client, attacker] = [await dpopKey(), await dpopKey()];
    const store = memoryReplayStore();
    const proof = () => dpopProof(client, { htm: 'GET', htu: URL_ME, accessToken: TOKEN });
    const first = await verifyDpopProof(await proof(), request(), TOKEN, store);
    // The cached key serves the next proof of the same client.
    expect((await verifyDpopProof(await proof(), request(), TOKEN, store)).thumbprint).toBe(first.thumbprint);
    const error = await refusal(verifyDpopProof(await forged(client, attacker), request(), TOKEN, store));
    expect(error).toBeInstanceOf(DpopError);
    expect((error as DpopError).message).toBe('invalid proof signature');
  });

  it('still refuses a replayed proof whose key is cached', async () => {
    const client = await dpopKey();
    const store = memoryReplayStore();
    const proof = await dpopProof(client, { htm: 'GET', htu: URL_ME, accessToken: TOKEN });
    await verifyDpopProof(proof, request(), TOKEN, store);
    const error = await refusal(verifyDpopProof(proof, request(), TOKEN, store));
    expect((error as DpopError).message).toBe('proof replayed');
  });

  it('keeps at most KEY_CACHE_MAX keys, and an evicted key still verifies', async () => {
    const store = memoryReplayStore();
    const first = await dpopKey();
    const verify = async (key: DpopKey) =>
      verifyDpopProof(
        await dpopProof(key, { htm: 'GET', htu: URL_ME, accessToken: TOKEN }),
        request(),
        TOKEN,
        store,
      );
    await verify(first);
    for (let index = 0; index < KEY_CACHE_MAX + 20; index++) await verify(await dpopKey());
    expect(proofKeyCacheSize()).toBe(KEY_CACHE_MAX);
    // Long evicted: imported again, and a forgery in its name is still refused.
    await expect(verify(first)).resolves.toHaveProperty('thumbprint');
    const error = await refusal(
      verifyDpopProof(await forged(first, await dpopKey()), request(), TOKEN, store),
    );
    expect((error as DpopError).message).toBe('invalid proof signature');
  }, 60_000);
});
