import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import type { TokenRequest } from './principal';
import type { ReplayStore } from './replay-store';

/** Proof algorithms accepted (RFC 9449 names them by JWS alg). */
export const DPOP_ALGORITHMS = ['ES256', 'RS256', 'EdDSA', 'Ed25519'];
const IAT_WINDOW_SEC = 60;
/** Longer than a proof stays acceptable (its iat within a minute either way, plus clock tolerance). */
const JTI_MEMORY_MS = 5 * 60 * 1000;

export class DpopError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DpopError';
  }
}

/** `htu` comparison per RFC 9449 §4.3: scheme, host and path, without query and fragment. */
function sameTarget(htu: unknown, requestUrl: string): boolean {
  if (typeof htu !== 'string') return false;
  const proof = URL.parse(htu);
  const actual = new URL(requestUrl);
  return proof !== null && proof.origin === actual.origin && proof.pathname === actual.pathname;
}

/** Imported proof keys: a client signs every request with the same key, importing it each time cost a fifth of the CPU. */
export const KEY_CACHE_MAX = 1000;
const importedKeys = new Map<string, Promise<CryptoKey | Uint8Array>>();

/**
 * The proof's embedded key, imported once per algorithm and thumbprint (the thumbprint hashes exactly the
 * members the key is made of, so one thumbprint is one key). Bounded, least recently used out first.
 */
function proofKey(jwk: JWK, alg: string, thumbprint: string): Promise<CryptoKey | Uint8Array> {
  const id = `${alg}:${thumbprint}`;
  let key = importedKeys.get(id);
  if (key) {
    importedKeys.delete(id);
  } else {
    key = importJWK(jwk, alg);
    // A key that fails to import is not kept: the next proof tries again and fails the same way.
    key.catch(() => importedKeys.delete(id));
    if (importedKeys.size >= KEY_CACHE_MAX) importedKeys.delete(importedKeys.keys().next().value ?? '');
  }
  importedKeys.set(id, key);
  return key;
}

/** How many proof keys are kept (for the tests of the bound). */
export const proofKeyCacheSize = (): number => importedKeys.size;

export interface VerifiedProof {
  /** SHA-256 JWK thumbprint of the proof key, to compare with the token's `cnf.jkt`. */
  thumbprint: string;
  /** With `grantId`, when the store read the grant with the proof: whether it still lives. */
  grantLive?: boolean;
}

/**
 * Checks a DPoP proof against the request and the access token it accompanies. `grantId`: the store also
 * reads that grant in the same round trip, if it can (ReplayStore.rememberWithGrant).
 */
export async function verifyDpopProof(
  proof: string,
  request: TokenRequest,
  accessToken: string,
  jtis: ReplayStore,
  grantId?: string,
): Promise<VerifiedProof> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    throw new DpopError('malformed proof');
  }
  const jwk = header.jwk as JWK | undefined;
  if (header.typ !== 'dpop+jwt') throw new DpopError('wrong typ');
  if (!header.alg || !DPOP_ALGORITHMS.includes(header.alg)) throw new DpopError('unsupported alg');
  if (!jwk || 'd' in jwk || jwk.kty === 'oct')
    throw new DpopError('proof key must be an embedded public key');

  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  let thumbprint: string;
  try {
    thumbprint = await calculateJwkThumbprint(jwk, 'sha256');
    const key = await proofKey(jwk, header.alg, thumbprint);
    ({ payload } = await jwtVerify(proof, key, { typ: 'dpop+jwt', algorithms: DPOP_ALGORITHMS }));
  } catch {
    throw new DpopError('invalid proof signature');
  }
  if (typeof payload.jti !== 'string' || payload.jti.length === 0) throw new DpopError('missing jti');
  if (payload.htm !== request.method) throw new DpopError('htm mismatch');
  if (!sameTarget(payload.htu, request.url)) throw new DpopError('htu mismatch');
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.iat !== 'number' || Math.abs(now - payload.iat) > IAT_WINDOW_SEC) {
    throw new DpopError('iat out of window');
  }
  const ath = createHash('sha256').update(accessToken).digest('base64url');
  if (payload.ath !== ath) throw new DpopError('ath mismatch');
  const until = new Date(Date.now() + JTI_MEMORY_MS);
  const key = `${thumbprint}:${payload.jti}`;
  if (grantId !== undefined && jtis.rememberWithGrant) {
    const { fresh, grantLive } = await jtis.rememberWithGrant(key, until, grantId);
    if (!fresh) throw new DpopError('proof replayed');
    return { thumbprint, grantLive };
  }
  if (!(await jtis.remember(key, until))) throw new DpopError('proof replayed');
  return { thumbprint };
}
