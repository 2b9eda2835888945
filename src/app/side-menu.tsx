import {
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonListHeader,
  IonNote,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  informationCircleOutline,
  keyOutline,
  logOutOutline,
  notificationsOutline,
  personCircleOutline,
} from 'ionicons/icons';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX, RefObject } from 'react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { logout } from '../auth/logout';
import { runtimeConfig } from '../config/runtime-config';
import { paths } from '../routing/paths';
import { currentUserAtom } from '../session/session-atoms';
import { confirm } from '../ui/confirm-dialog';
import { IonMenu, IonMenuToggle } from '../ui/ionic/menu';
import { ROLE_LABEL } from '../ui/role-labels';
import { menuReady, sideMenuDemandAtom } from '../ui/side-menu-demand';
import { AccountSwitcher } from './account-switcher';
import { useMenuFocusReturn } from './menu-focus';
import { menuEntriesFor } from './tabs';

const LanguageSwitch = lazy(() =>
  import('../i18n/language-switch').then((m) => ({ default: m.LanguageSwitch })),
);

async function confirmLogout(): Promise<void> {
  const yes = await confirm({
    header: msg`Esci`,
    message: msg`Vuoi uscire dal portale? I dati salvati su questo dispositivo verranno cancellati.`,
    confirmLabel: msg`Esci`,
  });
  if (yes) await logout();
}

/** Opens the menu once mounted when a menu button asked for it before (src/ui/side-menu-demand.ts). */
function useOpenWhenAsked(): RefObject<HTMLIonMenuElement | null> {
  const menu = useRef<HTMLIonMenuElement | null>(null);
  const [demand, setDemand] = useAtom(sideMenuDemandAtom);
  useEffect(() => {
    const element = menu.current;
    if (!demand.openWhenMounted || !element) return;
    setDemand({ wanted: true, openWhenMounted: false });
    void menuReady(element)
      .then(() => element.open())
      .catch(() => undefined);
  }, [demand.openWhenMounted, setDemand]);
  return menu;
}

/** The side menu: who is signed in, navigation, the switch to another profile, language, About and logout. */
export function SideMenu(): JSX.Element {
  const { t, i18n } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const { pathname } = useLocation();
  const focusReturn = useMenuFocusReturn();
  const menu = useOpenWhenAsked();
  const entries = [
    ...menuEntriesFor(user),
    { id: 'notify', label: msg`Notifiche`, icon: notificationsOutline, href: paths.notify() },
    { id: 'pin-reset', label: msg`Reset del PIN`, icon: keyOutline, href: paths.pinReset() },
    { id: 'about', label: msg`Informazioni`, icon: informationCircleOutline, href: paths.about() },
  ];

  return (
    <IonMenu
      ref={menu}
      contentId="main"
      type="overlay"
      disabled={!user}
      aria-label={t`Menu principale`}
      onIonWillOpen={focusReturn.onIonWillOpen}
      onIonDidClose={focusReturn.onIonDidClose}
    >
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{runtimeConfig().applicationTitle}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {user && (
          <div className="menu-user">
            <IonIcon icon={personCircleOutline} aria-hidden="true" className="menu-user-icon" />
            <div>
              <p className="menu-user-name">{user.displayName}</p>
              <IonNote>{i18n._(ROLE_LABEL[user.userType])}</IonNote>
            </div>
          </div>
        )}
        <IonList aria-label={t`Navigazione`}>
          {entries.map((entry) => (
            <IonMenuToggle key={entry.id} autoHide={false}>
              <IonItem
                routerLink={entry.href}
                routerDirection="root"
                detail={false}
                className={pathname === entry.href ? 'menu-item-selected' : undefined}
                aria-current={pathname === entry.href ? 'page' : undefined}
              >
                <IonIcon slot="start" icon={entry.icon} aria-hidden="true" />
                <IonLabel>{i18n._(entry.label)}</IonLabel>
                {'badge' in entry && entry.badge && user && (
                  <Suspense fallback={null}>
                    <entry.badge user={user} />
                  </Suspense>
                )}
              </IonItem>
            </IonMenuToggle>
          ))}
        </IonList>
        {user && <AccountSwitcher key={`${user.id}:${user.patientId}`} user={user} />}
        {/* Outside any list: a list holds only its items (the language fieldset is not one). */}
        <IonListHeader>
          <IonLabel>
            <Trans>Preferenze</Trans>
          </IonLabel>
        </IonListHeader>
        <div className="menu-language">
          <Suspense fallback={null}>
            <LanguageSwitch />
          </Suspense>
        </div>
        <IonList>
          <IonItem button detail={false} onClick={() => void confirmLogout()}>
            <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
            <IonLabel>
              <Trans>Esci</Trans>
            </IonLabel>
          </IonItem>
        </IonList>
      </IonContent>
    </IonMenu>
  );
}
