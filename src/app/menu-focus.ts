/**
 * Focus back to the control that opened the side menu when it closes without leaving the screen (WCAG
 * 2.4.3). When an entry navigated, the new screen's heading takes the focus instead (navigation effects).
 */
import { useRef } from 'react';

interface Opener {
  element: HTMLElement;
  pathname: string;
}

/** The focusable part of an opener: Ionic buttons keep their native button in the shadow root. */
function focusTarget(element: HTMLElement): HTMLElement {
  return element.shadowRoot?.querySelector<HTMLElement>('button, a') ?? element;
}

function stillThere(element: HTMLElement): boolean {
  return element.isConnected && element !== document.body && !element.closest('ion-menu, .ion-page-hidden');
}

export function useMenuFocusReturn(): { onIonWillOpen: () => void; onIonDidClose: () => void } {
  const opener = useRef<Opener | null>(null);
  return {
    onIonWillOpen: () => {
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body
          ? { element: active, pathname: window.location.pathname }
          : null;
    },
    onIonDidClose: () => {
      const last = opener.current;
      opener.current = null;
      if (!last || last.pathname !== window.location.pathname || !stillThere(last.element)) return;
      focusTarget(last.element).focus();
    },
  };
}
