/**
 * signNewConsents and signFeaConsents skip the route guard's user check (a 403 on `/me` leaves no user to
 * load), but they still need a login: without one, go to the login and come back here afterwards.
 */
import { useAtomValue } from 'jotai';
import type { JSX, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loggedInAtom } from '../../auth/session';
import { paths } from '../../routing/paths';

export function RequireLogin({ children }: { children: ReactNode }): JSX.Element {
  const loggedIn = useAtomValue(loggedInAtom);
  const location = useLocation();
  if (!loggedIn)
    return (
      <Navigate to={paths.login()} replace state={{ returnPath: `${location.pathname}${location.search}` }} />
    );
  return <>{children}</>;
}
