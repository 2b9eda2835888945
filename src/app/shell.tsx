import {
  IonIcon,
  IonLabel,
  IonRouterOutlet,
  IonSplitPane,
  IonTabBar,
  IonTabButton,
  IonTabs,
} from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { lazy, Suspense, useRef } from 'react';
import { matchPath, Navigate, Route, useLocation } from 'react-router-dom';
import { paths } from '../routing/paths';
import { currentUserAtom } from '../session/session-atoms';
import { TOAST_ANCHOR_ID } from '../ui/toasts';
import { RouteGuard } from './route-guard';
import type { AppRoute } from './routes';
import { NOT_FOUND_ROUTE, ROUTES } from './routes';
import { SideMenuHost } from './side-menu-host';
import { useTabBarFit } from './tab-bar-fit';
import { tabsFor } from './tabs';
import './shell.css';

/** Presence for videoconferences (patients and physicians): its own chunk, after the first screen. */
const PresenceHeartbeat = lazy(() => import('../features/conferences/presence-heartbeat'));

/** The side bar starts collapsed under 992 px (spec section 9). */
export const SPLIT_PANE_WHEN = '(min-width: 992px)';

function Screen({ route }: { route: AppRoute }): JSX.Element {
  const Page = route.page;
  return (
    <RouteGuard route={route}>
      {/* No fallback page: Ionic animates the screen in once its IonPage mounts (pages are preloaded). */}
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </RouteGuard>
  );
}

/** Side menu + one router outlet + the role's tab bar. */
export function Shell(): JSX.Element {
  const { t, i18n } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const tabs = tabsFor(user);
  const { pathname } = useLocation();
  const fullScreen = ROUTES.some((route) => route.fullScreen && matchPath(route.pattern, pathname));
  const hideTabs = tabs.length === 0 || fullScreen;
  const tabNav = useRef<HTMLElement | null>(null);
  useTabBarFit(tabNav, `${i18n.locale}:${hideTabs}:${tabs.map((tab) => tab.id).join()}`);
  return (
    <IonSplitPane contentId="main" when={SPLIT_PANE_WHEN}>
      <SideMenuHost splitPaneWhen={SPLIT_PANE_WHEN} />
      {(user?.userType === 'PAT' || user?.userType === 'PHY') && (
        <Suspense fallback={null}>
          <PresenceHeartbeat key={user.id} />
        </Suspense>
      )}
      <div className="ion-page" id="main">
        <IonTabs>
          <IonRouterOutlet>
            <Route path={paths.root()} element={<Navigate to={paths.postAuth()} replace />} />
            {ROUTES.map((route) => (
              <Route key={route.pattern} path={route.pattern} element={<Screen route={route} />} />
            ))}
            <Route path="*" element={<Screen route={NOT_FOUND_ROUTE} />} />
          </IonRouterOutlet>
          {/* The tab bar in a named navigation landmark; the nav (not the bar) takes the tabs' slot. At a large
              text size the bar may show its icons only, the labels staying the tabs' names (tab-bar-fit.ts). */}
          <nav ref={tabNav} slot="bottom" className="app-tab-nav" aria-label={t`Sezioni`} hidden={hideTabs}>
            <IonTabBar id={TOAST_ANCHOR_ID} className="app-tab-bar" hidden={hideTabs}>
              {tabs.map((tab) => (
                <IonTabButton key={tab.id} tab={tab.id} href={tab.href}>
                  <IonIcon icon={tab.icon} aria-hidden="true" />
                  <IonLabel>{i18n._(tab.tabLabel)}</IonLabel>
                  {tab.badge && user && (
                    <Suspense fallback={null}>
                      <tab.badge user={user} />
                    </Suspense>
                  )}
                </IonTabButton>
              ))}
            </IonTabBar>
          </nav>
        </IonTabs>
      </div>
    </IonSplitPane>
  );
}
