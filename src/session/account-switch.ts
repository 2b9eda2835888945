/**
 * Switching to another account of the same person: `POST /account/switch` answers new tokens
 * for the same login session, bound to the same DPoP key; they replace the stored ones, everything the
 * previous account left in this browser goes, and a full reload to `/postAuth` loads the new profile.
 * The reload is deliberate: no screen, atom or pending request of the previous account survives it.
 */
import { getJson, sendJson } from '../api/request';
import { loadUserManager } from '../auth/user-manager';
import { type Account, AccountList, AccountSwitchReply, type StepUpProof } from '../contract/accounts';
import { deleteCachedReplies } from '../pwa/document-cache';
import { paths } from '../routing/paths';
import { DRAFT_KEY_PREFIX } from '../state/storage';

export function fetchAccounts(): Promise<Account[]> {
  return getJson('account/accounts', AccountList).then((list) => list.accounts);
}

/** Local-storage keys an account switch keeps: the OIDC library's (the new tokens go there) and the language. */
const KEPT_KEYS = (key: string): boolean => key.startsWith('oidc.') || key === 'language';

/**
 * What the previous account left: its profile, consent context and every other stored state; drafts stay
 * (keyed by user) unless the account was a guest's, whose drafts belong to the patient just left; the
 * cached document lists.
 */
async function clearAccountData(leavingGuest: boolean): Promise<void> {
  for (const key of Object.keys(localStorage)) {
    const draft = key.startsWith(DRAFT_KEY_PREFIX);
    if (KEPT_KEYS(key) || (draft && !leavingGuest)) continue;
    localStorage.removeItem(key);
  }
  sessionStorage.clear();
  await deleteCachedReplies();
}

/**
 * `stepUp`: the proof an account that lists a step-up asks for; its refusals (a wrong code, the lockout)
 * are the step's to show, not a toast.
 */
export async function switchAccount(
  accountId: string,
  options: { leavingGuest: boolean; stepUp?: StepUpProof },
): Promise<void> {
  const { stepUp } = options;
  const reply = await sendJson(
    'post',
    'account/switch',
    stepUp ? { accountId, stepUp } : { accountId },
    AccountSwitchReply,
    stepUp ? { context: { quiet: [400, 403, 409, 429] } } : undefined,
  );
  const [{ User }, manager] = await Promise.all([import('oidc-client-ts'), loadUserManager()]);
  const current = await manager.getUser();
  // The ID token stays the login's (logout names the session with it); who is signed in comes from /me.
  const next = new User({
    id_token: current?.id_token,
    session_state: current?.session_state ?? null,
    profile: current?.profile ?? { sub: '', iss: '', aud: '', exp: 0, iat: 0 },
    token_type: reply.token_type,
    access_token: reply.access_token,
    refresh_token: reply.refresh_token,
    scope: reply.scope,
    expires_at: Math.floor(Date.now() / 1000) + reply.expires_in,
  });
  await clearAccountData(options.leavingGuest);
  await manager.storeUser(next);
  window.location.assign(paths.postAuth());
}
