/**
 * The navigation rules of spec section 2 that decide where a user may be: not logged in → login;
 * logged in without a loaded user → `/postAuth` (keeping the target); staff-only routes for
 * patients → `/postAuth`. A patient or guest on another patient's address sees a refusal, not their
 * own data under someone else's address.
 */
import { useAtomValue } from 'jotai';
import type { JSX, ReactNode } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router-dom';
import { loggedInAtom } from '../auth/session';
import { paths } from '../routing/paths';
import { isPatientSide } from '../session/roles';
import { currentUserAtom } from '../session/session-atoms';
import { AccessRefusedPage } from './refusal-pages';
import type { AppRoute } from './routes';

/** The `:patientId` of the address, when the route has one. */
function patientIdIn(route: AppRoute, pathname: string): string | undefined {
  return matchPath(route.pattern, pathname)?.params.patientId;
}

export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }): JSX.Element {
  const loggedIn = useAtomValue(loggedInAtom);
  const user = useAtomValue(currentUserAtom);
  const location = useLocation();
  if (route.access === 'public') return <>{children}</>;

  const target = `${location.pathname}${location.search}`;
  if (!loggedIn) return <Navigate to={paths.login()} replace state={{ returnPath: target }} />;
  if (!user) return <Navigate to={paths.postAuth()} replace state={{ returnPath: target }} />;
  if (route.staffOnly && isPatientSide(user.userType)) return <Navigate to={paths.postAuth()} replace />;
  if (
    route.staffPermission &&
    (user.userType === 'PAT' || !user.permissionList.includes(route.staffPermission))
  )
    return <Navigate to={paths.home()} replace />;
  const patientId = patientIdIn(route, location.pathname);
  if (isPatientSide(user.userType) && patientId !== undefined && patientId !== String(user.patientId))
    return <AccessRefusedPage />;
  return <>{children}</>;
}
