/**
 * The navigation rules of spec section 2 that act on every location change: close open dialogs (and
 * the side menu), tell the entering screen to take the focus (screen-focus.ts), make a route's `patientId` the current patient for staff, reload user and patient
 * for a patient whose record is missing, clear the patient where a route says so; follow a tapped push
 * notification to its screen.
 */
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import { matchPath, useLocation, useNavigationType } from 'react-router-dom';
import { usePushMessages } from '../pwa/push-messages';
import { clearCurrentPatient, loadCurrentPatient } from '../session/current-patient';
import { isPatientSide } from '../session/roles';
import { fetchProfile } from '../session/session-api';
import { currentPatientAtom, currentUserAtom } from '../session/session-atoms';
import { appStore } from '../state/store';
import { dismissAllOverlays } from '../ui/overlays';
import { noteNavigation } from '../ui/screen-focus';
import { closeSideMenu } from '../ui/side-menu-demand';
import type { AppRoute } from './routes';
import { ROUTES } from './routes';

function matchRoute(pathname: string): { route: AppRoute; patientId: number | null } | null {
  for (const route of ROUTES) {
    const match = matchPath({ path: route.pattern, end: true }, pathname);
    if (match) {
      const raw = match.params.patientId;
      const patientId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
      return { route, patientId };
    }
  }
  return null;
}

async function reloadPatientSide(): Promise<void> {
  const profile = await fetchProfile();
  if (profile.kind !== 'user') return;
  appStore().set(currentUserAtom, profile.user);
  if (profile.user.patientId !== null) await loadCurrentPatient(profile.user.patientId, { force: true });
}

export function NavigationEffects(): JSX.Element | null {
  const location = useLocation();
  const user = useAtomValue(currentUserAtom);
  const patient = useAtomValue(currentPatientAtom);
  const navigationType = useNavigationType();
  usePushMessages(user !== null);

  // The first location of a visit is the page load: the browser places the focus.
  const firstKey = useRef<string | null>(location.key);
  useEffect(() => {
    if (firstKey.current === location.key) return;
    firstKey.current = null;
    noteNavigation(navigationType === 'POP' ? 'back' : 'forward');
  }, [location.key, navigationType]);

  useEffect(() => {
    void location.key; // every navigation, including to the same path
    dismissAllOverlays();
    closeSideMenu();
  }, [location.key]);

  const matched = matchRoute(location.pathname);
  const routePatientId = matched?.patientId ?? null;
  const clears = matched?.route.clearsCurrentPatient === true;
  const session = matched?.route.access === 'session';
  const patientSide = user ? isPatientSide(user.userType) : false;
  const missingOwnPatient =
    patientSide && user?.patientId !== null && (patient === null || patient.status === 'error');

  useEffect(() => {
    if (!user || !session) return;
    if (!patientSide && routePatientId !== null) void loadCurrentPatient(routePatientId);
    else if (!patientSide && clears) clearCurrentPatient();
  }, [user, session, patientSide, routePatientId, clears]);

  // Once per navigation: a server that keeps failing is not asked again in a loop.
  const reloadedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!session || !missingOwnPatient || reloadedAt.current === location.key) return;
    reloadedAt.current = location.key;
    void reloadPatientSide().catch(() => undefined);
  }, [session, missingOwnPatient, location.key]);

  return null;
}
