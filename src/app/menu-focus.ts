/**
 * Focus back to the control that opened the side menu when it closes without leaving the screen (WCAG
 * 2.4.3). When an entry navigated, the new screen's heading takes the focus instead (navigation effects).
 * Ionic has moved the focus into the menu by the time it says it opens, so the last focus outside the
 * menu is kept as it happens.
 */
import { useEffect, useRef } from 'react';

interface Opener {
  element: HTMLElement;
  pathname: string;
}

/** The focusable part of an opener: Ionic buttons keep their native button in the shadow root. */
function focusTarget(element: HTMLElement): HTMLElement {
  return element.shadowRoot?.querySelector<HTMLElement>('button, a') ?? element;
}

function stillThere(element: HTMLElement): boolean {
  return element.isConnected && !element.closest('ion-menu, .ion-page-hidden');
}

export function useMenuFocusReturn(): { onIonWillOpen: () => void; onIonDidClose: () => void } {
  const lastOutside = useRef<HTMLElement | null>(null);
  const opener = useRef<Opener | null>(null);
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
    onIonWillOpen: () => {
      const element = lastOutside.current;
      opener.current = element ? { element, pathname: window.location.pathname } : null;
    },
    onIonDidClose: () => {
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
