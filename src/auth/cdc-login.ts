/**
 * A login made by a context-sharing launch (spec 2 and 4): no login form, the server redeems the launch and
 * has the identity provider issue the tokens. The browser makes the DPoP key and the proof for the token
 * endpoint, exactly as its own code exchange would, and the tokens go into oidc-client-ts's user store, so
 * the API calls, the renewal and the logout then work as after any login.
 */
import { type IdTokenClaims, User } from 'oidc-client-ts';
import * as v from 'valibot';
import type { LaunchTokens } from '../contract/cdc';
import { appStore } from '../state/store';
import { markExternalLaunch } from './cdc-opener';
import { loggedInAtom } from './session';
import { isDpopEnabled, loadUserManager } from './user-manager';

const Claims = v.looseObject({
  iss: v.string(),
  sub: v.string(),
  aud: v.union([v.string(), v.array(v.string())]),
  exp: v.number(),
  iat: v.number(),
});

function idTokenClaims(idToken: string): IdTokenClaims {
  const payload = idToken.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const text = new TextDecoder().decode(Uint8Array.from(json, (char) => char.charCodeAt(0)));
  return v.parse(Claims, JSON.parse(text));
}

/**
 * Forgets any login of this browser, marks the launch, and answers the DPoP proof for the token endpoint
 * made with a fresh key (undefined without DPoP).
 */
export async function prepareLaunchLogin(): Promise<string | undefined> {
  markExternalLaunch();

  const manager = await loadUserManager();
  await manager.removeUser();
  appStore().set(loggedInAtom, false);
  const dpop = manager.settings.dpop;
  if (!isDpopEnabled() || !dpop) return undefined;
  await manager.generateDPoPJkt(dpop);
  const endpoint = await manager.metadataService.getTokenEndpoint(false);
  if (!endpoint) return undefined;
  // No access token yet: the proof carries no `ath`; the user object only lends the library its shape.
  const none = new User({
    access_token: '',
    token_type: 'DPoP',
    profile: { iss: '', sub: '', aud: '', exp: 0, iat: 0 },
  });
  return manager.dpopProof(endpoint, none, 'POST');
}

/** Stores the launched login where oidc-client-ts keeps its user: renewal and API calls take it from there. */
export async function completeLaunchLogin(tokens: LaunchTokens, openerOrigin: string): Promise<void> {
  markExternalLaunch(openerOrigin);
  const manager = await loadUserManager();
  const user = new User({
    id_token: tokens.id_token,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile: idTokenClaims(tokens.id_token),
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  });
  await manager.storeUser(user);
  // Loading it arms the expiry timers and raises "user loaded", as after a redirect login.
  await manager.getUser(true);
  appStore().set(loggedInAtom, true);
}
