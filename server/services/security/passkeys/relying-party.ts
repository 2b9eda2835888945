/**
 * The relying party, from the portal's public address (PUBLIC_URL): its id is the host name (WebAuthn L3
 * §5.1.3: an effective domain, no scheme or port) and the only accepted origin is the portal's own. The
 * SPA (account page) and the IdP pages (under /idp) share that origin, so one passkey serves both.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(config: { publicUrl: string; applicationTitle: string }): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: config.applicationTitle };
}

/** How long a challenge may be answered: the ceremony's own timeout plus a little for the network. */
export const CEREMONY_TIMEOUT_MS = 120_000;
export const CHALLENGE_TTL_MS = CEREMONY_TIMEOUT_MS + 30_000;

/** At most this many passkeys per user: enough for every device of a person, not a table to flood. */
export const MAX_PASSKEYS_PER_USER = 10;
