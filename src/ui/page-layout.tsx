/**
 * Every routed screen: `IonPage` → header (menu button, title, help) → content. Screens stay thin and
 * compose their components inside. The screen's title is its `h1` (focused when the screen is entered,
 * see screen-focus.ts) and its document title. `IonContent` is the screen's one `main` landmark.
 */
import {
  IonButtons,
  IonContent,
  IonHeader,
  IonPage,
  IonTitle,
  IonToolbar,
  useIonRouter,
  useIonViewDidEnter,
  useIonViewWillLeave,
} from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode, RefObject } from 'react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { HelpButton } from './help/help-button';
import type { HelpTopic } from './help/help-modal';
import { MenuButton } from './menu-button';
import { focusEnteringScreen, rescueLostFocus, setScreenTitle, takeNavigation } from './screen-focus';

/** Only screens below another show it: its code loads with them, not with the first screen. */
const IonBackButton = lazy(() => import('./ionic/back-button'));

export interface PageLayoutProps {
  title: string;
  /** The title's language when it is not the interface's (e.g. a document's Italian title). */
  titleLang?: string;
  /** Shows a back button to this path instead of the menu button. */
  backTo?: string;
  help?: HelpTopic;
  /** Buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** Put first inside IonContent, e.g. an IonRefresher. */
  refresher?: ReactNode;
  /** Show the menu button (false on pages shown before login). */
  withMenu?: boolean;
  className?: string;
  children: ReactNode;
}

export function PageLayout(props: PageLayoutProps): JSX.Element {
  const { t } = useLingui();
  const { title, titleLang, backTo, help, actions, refresher, withMenu = true, className, children } = props;
  const heading = useScreenHeading(title);
  return (
    <IonPage className={className}>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            {backTo ? (
              // The placeholder keeps the title in place while the button's code arrives.
              <Suspense fallback={<span className="back-button-placeholder" />}>
                <IonBackButton defaultHref={backTo} text="" aria-label={t`Indietro`} />
              </Suspense>
            ) : (
              withMenu && <MenuButton />
            )}
          </IonButtons>
          <IonTitle>
            <h1 className="page-title" tabIndex={-1} ref={heading} lang={titleLang}>
              {title}
            </h1>
          </IonTitle>
          <IonButtons slot="end">
            {actions}
            {help && <HelpButton topic={help} />}
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {refresher}
        <div className="page-body">{children}</div>
      </IonContent>
    </IonPage>
  );
}

/**
 * The `h1`'s ref (give the `h1` `tabIndex={-1}`): the screen takes the focus when entered after a
 * navigation (the control it was left from when coming back), and keeps the document title while it
 * is the visible screen. For the few screens drawn without PageLayout.
 */
export function useScreenHeading(title: string): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const leftFrom = useRef<HTMLElement | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  const currentTitle = useRef(title);
  currentTitle.current = title;
  // Ionic's back button may go back by replacing the location (tabs): its direction says "back".
  const direction = useRef<string | undefined>(undefined);
  direction.current = useIonRouter().routeInfo?.routeDirection;

  useEffect(() => {
    const page = heading.current?.closest('.ion-page');
    if (!page?.classList.contains('ion-page-hidden')) setScreenTitle(title);
  }, [title]);

  // The last control focused on this screen: when the next screen's code is still loading as this one is left
  // (not preloaded: metered connection), the focus has moved off it by the time Ionic says it leaves.
  useEffect(() => {
    const page = heading.current?.closest('.ion-page');
    if (!page) return;
    const note = (event: Event): void => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    page.addEventListener('focusin', note);
    return () => page.removeEventListener('focusin', note);
  }, []);

  // Drawn after Ionic said "entered" (a wizard waiting for its draft, home after the login): a lost focus.
  useEffect(() => rescueLostFocus(() => heading.current), []);

  useIonViewDidEnter(() => {
    setScreenTitle(currentTitle.current);
    const navigation = takeNavigation();
    const kind = navigation && direction.current === 'back' ? 'back' : navigation;
    focusEnteringScreen(kind, heading.current, leftFrom.current);
    leftFrom.current = null;
  });

  useIonViewWillLeave(() => {
    const active = document.activeElement;
    const page = heading.current?.closest('.ion-page');
    leftFrom.current = active instanceof HTMLElement && page?.contains(active) ? active : lastFocused.current;
  });

  return heading;
}
