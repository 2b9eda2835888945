import {
  IonContent,
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
  archiveOutline,
  fitnessOutline,
  informationCircleOutline,
  keyOutline,
  logOutOutline,
  notificationsOutline,
  personCircleOutline,
  qrCodeOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX, RefObject } from 'react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { runtimeConfig } from '../config/runtime-config';
import { paths } from '../routing/paths';
import { isPatientSide } from '../session/roles';
import { currentUserAtom } from '../session/session-atoms';
import { logout } from '../session/sign-out';
import { useMayDownload } from '../session/use-guest-may-download';
import { confirm } from '../ui/confirm-dialog';
import { IonMenu, IonMenuToggle } from '../ui/ionic/menu';
import { ROLE_LABEL } from '../ui/role-labels';
import { menuReady, sideMenuDemandAtom } from '../ui/side-menu-demand';
import { AccountSwitcher } from './account-switcher';
import { useMenuFocus } from './menu-focus';
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

/**
 * An entry tapped while the menu is still opening: Ionic ignores the toggle during its animation, and the menu
 * would stay open (the page behind inert) over the new screen. A navigation closes it once it can.
 */
function useCloseOnNavigation(menu: RefObject<HTMLIonMenuElement | null>, pathname: string): void {
  useEffect(() => {
    void pathname;
    const element = menu.current;
    if (!element?.classList.contains('show-menu')) return;
    // Refused while animating: if it was opening, close when it has opened; if it was already closing, forget it.
    const closeAfterOpening = (): void => void element.close();
    const forget = (): void => element.removeEventListener('ionDidOpen', closeAfterOpening);
    void element.close().then((closed) => {
      if (closed) return;
      element.addEventListener('ionDidOpen', closeAfterOpening, { once: true });
      element.addEventListener('ionDidClose', forget, { once: true });
    });
    return forget;
  }, [menu, pathname]);
}

/** The side menu: who is signed in, navigation, the switch to another profile, language, About and logout. */
export function SideMenu(): JSX.Element {
  const { t, i18n } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const { pathname } = useLocation();
  const focus = useMenuFocus();
  const menu = useOpenWhenAsked();
  useCloseOnNavigation(menu, pathname);
  const patientSide = user !== null && isPatientSide(user.userType) && user.patientId !== null;
  const mayShare = useMayDownload(patientSide ? user.userType : null, user?.patientId ?? null) && patientSide;
  const entries = [
    ...menuEntriesFor(user),
    ...(user?.userType === 'PAT' && user.patientId !== null
      ? [
          {
            id: 'pair',
            label: msg`Il mio piano riabilitativo`,
            icon: fitnessOutline,
            href: paths.pair(user.patientId),
          },
        ]
      : []),
    // Sharing a link or the whole record hands the documents on: the patient, or a guest whose grant allows downloads.
    ...(mayShare
      ? [
          { id: 'shared-links', label: msg`Link condivisi`, icon: qrCodeOutline, href: paths.sharedLinks() },
          {
            id: 'export',
            label: user?.userType === 'GUE' ? msg`Scarica il fascicolo` : msg`Scarica il mio fascicolo`,
            icon: archiveOutline,
            href: paths.recordExport(),
          },
        ]
      : []),
    { id: 'notify', label: msg`Notifiche`, icon: notificationsOutline, href: paths.notify() },
    {
      id: 'security',
      label: msg`Sicurezza dell'account`,
      icon: shieldCheckmarkOutline,
      href: paths.security(),
    },
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
      onIonWillOpen={focus.onIonWillOpen}
      onIonWillClose={focus.onIonWillClose}
      onIonDidClose={focus.onIonDidClose}
      onKeyDown={focus.onKeyDown}
    >
      {/* Not an IonHeader: that is a banner landmark, which may not sit inside the menu's navigation one. */}
      <div className="menu-header">
        <IonToolbar color="primary">
          <IonTitle>{runtimeConfig().applicationTitle}</IonTitle>
        </IonToolbar>
      </div>
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
