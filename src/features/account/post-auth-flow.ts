/**
 * `/postAuth` (spec sections 2 and 8): finish the login when the identity provider sent us back, load
 * `/me`, then route by role. A 403 on `/me` decides between consent signing and logout by its code.
 */
import { fetchUtilities } from '../../api/utilities';
import { completeSignin, isInternalPath, loggedInAtom, returnPathOf } from '../../auth/session';
import type { ProfileDenied } from '../../contract/user';
import { paths } from '../../routing/paths';
import { loadCurrentPatient } from '../../session/current-patient';
import { isPatientSide } from '../../session/roles';
import { fetchProfile } from '../../session/session-api';
import type { ConsentContext } from '../../session/session-atoms';
import { consentContextAtom, currentUserAtom, returnPathAtom } from '../../session/session-atoms';
import { dropDraftsExcept, pendingSigningPath, signingUserKey } from '../../signing/draft';
import { appStore } from '../../state/store';

export type PostAuthOutcome =
  | { kind: 'navigate'; to: string }
  | { kind: 'login' }
  | { kind: 'logout' }
  | { kind: 'consent'; context: ConsentContext }
  | { kind: 'error'; stage: 'signin' | 'profile' };

function isSigninCallback(url: URL): boolean {
  return (url.searchParams.has('code') || url.searchParams.has('error')) && url.searchParams.has('state');
}

function consentContext(denied: ProfileDenied, code: 0 | 2): ConsentContext {
  return {
    code,
    patient: denied.patient,
    medium: 'digital',
    signer: 'self',
    authentication_method: denied.authentication_method,
  };
}

/**
 * Code 0: the dossier consent, signed by the patient themself, digitally (redirect target signNewConsents;
 * `medmakerModel` is the dossier consent code of `/utilities`), then `/postAuth` again enters the portal.
 * Code 2: the advanced electronic signature consents (signFeaConsents).
 */
async function consentSigningPath(
  context: ConsentContext,
  patient: NonNullable<ConsentContext['patient']>,
): Promise<string> {
  if (context.code === 2)
    return paths.signFeaConsents({
      selectedPatient: patient.mepiId,
      digitalIdentity: context.authentication_method,
    });
  const utilities = await fetchUtilities();
  return paths.signNewConsents({
    medium: 'digital',
    selectedPatient: patient.mepiId,
    selectedFiscalCode: patient.fiscalCode,
    mediumSelectionRequired: true,
    medmakerModel: utilities.mdMkConsensusDossierCode,
    returnTo: paths.postAuth(),
  });
}

export async function runPostAuth(href: string, keptTarget?: string): Promise<PostAuthOutcome> {
  const store = appStore();
  const url = new URL(href);
  if (isSigninCallback(url)) {
    try {
      const user = await completeSignin(href);
      store.set(loggedInAtom, true);
      const fromState = returnPathOf(user);
      if (fromState) store.set(returnPathAtom, fromState);
    } catch {
      return { kind: 'error', stage: 'signin' };
    }
  }
  if (isInternalPath(keptTarget)) store.set(returnPathAtom, keptTarget);
  if (!store.get(loggedInAtom)) return { kind: 'login' };

  let profile: Awaited<ReturnType<typeof fetchProfile>>;
  try {
    profile = await fetchProfile();
  } catch {
    return { kind: 'error', stage: 'profile' };
  }

  if (profile.kind === 'denied') {
    store.set(currentUserAtom, null);
    const { code } = profile.denied;
    if (code === 1) return { kind: 'logout' };
    const context = consentContext(profile.denied, code);
    store.set(consentContextAtom, context);
    dropDraftsExcept(signingUserKey(null, context.patient?.mepiId ?? null));
    if (!context.patient) return { kind: 'consent', context };
    try {
      return { kind: 'navigate', to: await consentSigningPath(context, context.patient) };
    } catch {
      return { kind: 'error', stage: 'profile' };
    }
  }

  const user = profile.user;
  store.set(consentContextAtom, null);
  dropDraftsExcept(signingUserKey(user, null));
  // A signature left unfinished when the session expired: straight back to its step.
  const pendingSignature = pendingSigningPath(signingUserKey(user, null));
  if (isPatientSide(user.userType)) {
    if (user.patientId !== null) await loadCurrentPatient(user.patientId, { force: true });
    store.set(currentUserAtom, user);
    store.set(returnPathAtom, null);
    return { kind: 'navigate', to: pendingSignature ?? paths.home() };
  }
  store.set(currentUserAtom, user);
  const target = store.get(returnPathAtom);
  store.set(returnPathAtom, null);
  const usable =
    isInternalPath(target) && !target.startsWith(paths.postAuth())
      ? target
      : (pendingSignature ?? paths.home());
  return { kind: 'navigate', to: usable };
}
