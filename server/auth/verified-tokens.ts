import type { JWTPayload } from 'jose';

/** How long a verified access token is taken on trust: a key dropped from a remote JWKS stops within it. */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
export const VERIFIED_TOKEN_MAX = 1000;

/**
 * Access tokens whose signature, issuer, audience and claims were verified, by their exact text: a client
 * sends the same token on every request until it refreshes it, and its ECDSA check was a tenth of a
 * document list's CPU. An entry never outlives the token's `exp`, nor VERIFIED_TOKEN_TTL_MS; after either,
 * the token is verified again (and refused once expired). The DPoP proof, the replay memory and the
 * grant's liveness are still checked on every request. Bounded, oldest first out.
 */
export function verifiedTokenCache(now: () => number = () => Date.now()) {
  const entries = new Map<string, { claims: JWTPayload; until: number }>();
  return {
    get(token: string): JWTPayload | null {
      const entry = entries.get(token);
      if (!entry) return null;
      if (now() < entry.until) return entry.claims;
      entries.delete(token);
      return null;
    },
    set(token: string, claims: JWTPayload): void {
      if (typeof claims.exp !== 'number') return;
      const until = Math.min(now() + VERIFIED_TOKEN_TTL_MS, claims.exp * 1000);
      if (entries.size >= VERIFIED_TOKEN_MAX) entries.delete(entries.keys().next().value ?? '');
      entries.set(token, { claims, until });
    },
    get size(): number {
      return entries.size;
    },
  };
}
