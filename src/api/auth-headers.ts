/**
 * Authorization of API calls: `Bearer <token>`, or with DPoP `DPoP <token>` plus a `DPoP` proof bound
 * to the method and the URL without query. The token has at least 5 s of validity (`getFreshUser`).
 */
import type { KyRequest } from 'ky';
import { dpopProof } from '../auth/dpop-proof';
import { getFreshUser } from '../auth/session';
import { isDpopEnabled, oidcClientId } from '../auth/user-manager';

let dpopNonce: string | undefined;

/** A resource server may ask for a nonce in its proofs (`DPoP-Nonce`, RFC 9449 section 9). */
export function rememberDpopNonce(nonce: string | null): void {
  if (nonce) dpopNonce = nonce;
}

function proofUrl(url: string): string {
  const parsed = new URL(url);
  parsed.search = '';
  parsed.hash = '';
  return parsed.href;
}

export async function applyAuthHeaders(request: KyRequest): Promise<void> {
  const user = await getFreshUser();
  if (!user) return;
  if (!isDpopEnabled()) {
    request.headers.set('Authorization', `Bearer ${user.access_token}`);
    return;
  }
  const proof = await dpopProof({
    clientId: oidcClientId(),
    url: proofUrl(request.url),
    method: request.method,
    accessToken: user.access_token,
    nonce: dpopNonce,
  });
  request.headers.set('Authorization', `DPoP ${user.access_token}`);
  if (proof) request.headers.set('DPoP', proof);
}
