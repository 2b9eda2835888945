/**
 * The open menu holds the focus (menu-trap.ts): the page behind is inert from the moment it starts opening
 * until it starts closing (so that an entry's new screen can take the focus on its heading).
 *
 * Focus back to the control that opened the side menu when it closes without leaving the screen (WCAG
 * 2.4.3). When an entry navigated, the new screen's heading takes the focus instead (navigation effects).
 * Ionic has moved the focus into the menu by the time it says it opens, so the last focus outside the
 * menu is kept as it happens.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useEffect, useRef } from 'react';
import { focusTarget, inertAround, wrapTab } from './menu-trap';

interface Opener {
  element: HTMLElement;
  pathname: string;
}

function stillThere(element: HTMLElement): boolean {
  return element.isConnected && !element.closest('ion-menu, .ion-page-hidden');
}

export interface MenuFocusHandlers {
  onIonWillOpen: (event: Event) => void;
  onIonWillClose: () => void;
  onIonDidClose: () => void;
  onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => void;
}

export function useMenuFocus(): MenuFocusHandlers {
  const lastOutside = useRef<HTMLElement | null>(null);
  const opener = useRef<Opener | null>(null);
  const release = useRef<(() => void) | null>(null);
  const setFree = (): void => {
    release.current?.();
    release.current = null;
  };
  // A menu unmounted while open (logout, another account) frees the page too.
  useEffect(
    () => () => {
      release.current?.();
      release.current = null;
    },
    [],
  );
  useEffect(() => {
    // The menu mounts at the first press of a menu button (side-menu-demand.ts): that button has the focus.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !active.closest('ion-menu'))
      lastOutside.current = active;
    const remember = (event: FocusEvent): void => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !target.closest('ion-menu'))
        lastOutside.current = target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  return {
    onIonWillOpen: (event) => {
      const element = lastOutside.current;
      opener.current = element ? { element, pathname: window.location.pathname } : null;
      const menu = event.currentTarget;
      if (menu instanceof HTMLElement && !release.current) release.current = inertAround(menu);
    },
    onIonWillClose: setFree,
    onKeyDown: (event) => wrapTab(event.nativeEvent, event.currentTarget),
    onIonDidClose: () => {
      setFree();
      const last = opener.current;
      opener.current = null;
      if (!last || last.pathname !== window.location.pathname || !stillThere(last.element)) return;
      const active = document.activeElement;
      // Only when the focus was lost (to the page body or the closed menu), never taken from elsewhere.
      if (active && active !== document.body && !active.closest('ion-menu')) return;
      focusTarget(last.element).focus();
    },
  };
}
