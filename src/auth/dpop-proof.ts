/**
 * DPoP proofs (RFC 9449) for API calls without oidc-client-ts: the same proof the library's
 * `UserManager.dpopProof` makes, signed with the key pair the library keeps in IndexedDB (database `oidc`, store
 * `dpop`, keyed by client id; the keys cannot be exported). No key pair: no proof, as with the library.
 */

interface DpopState {
  keys: CryptoKeyPair;
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The library's key pair. The database is opened the library's way, and closed at once so logout can delete it. */
async function keyPair(clientId: string): Promise<CryptoKeyPair | null> {
  const open = indexedDB.open('oidc');
  open.onupgradeneeded = () => open.result.createObjectStore('dpop');
  const db = await settle(open);
  try {
    const state = (await settle(db.transaction('dpop', 'readonly').objectStore('dpop').get(clientId))) as
      | DpopState
      | undefined;
    return state?.keys ?? null;
  } finally {
    db.close();
  }
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const encodeJson = (value: unknown): string => base64Url(new TextEncoder().encode(JSON.stringify(value)));

export interface ProofRequest {
  clientId: string;
  /** The URL without query and fragment. */
  url: string;
  method: string;
  accessToken: string;
  nonce?: string | undefined;
}

export async function dpopProof({
  clientId,
  url,
  method,
  accessToken,
  nonce,
}: ProofRequest): Promise<string | undefined> {
  const keys = await keyPair(clientId);
  if (!keys) return undefined;
  const ath = base64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))),
  );
  const payload = {
    jti: crypto.randomUUID(),
    htm: method,
    htu: url,
    iat: Math.floor(Date.now() / 1000),
    ath,
    ...(nonce ? { nonce } : {}),
  };
  const { crv, kty, x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey);
  const signingInput = `${encodeJson({ alg: 'ES256', typ: 'dpop+jwt', jwk: { crv, kty, x, y } })}.${encodeJson(payload)}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: { name: 'SHA-256' } },
    keys.privateKey,
    new TextEncoder().encode(signingInput),
  );
  return `${signingInput}.${base64Url(new Uint8Array(signature))}`;
}
