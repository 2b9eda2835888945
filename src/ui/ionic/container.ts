import { useLayoutEffect, useState } from 'react';

/** Where overlays are rendered, as `@ionic/react` does: Ionic's own container for them (the app, else the body). */
export function overlayContainer(): HTMLElement {
  return document.querySelector('ion-app') ?? document.body;
}

/**
 * The overlay container, once this component is in the page (null before): read during the first render, an
 * overlay mounted with the app would pick the body while Ionic later moves it into `ion-app`, and React
 * could then not remove it.
 */
export function useOverlayContainer(): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setContainer(overlayContainer()), []);
  return container;
}
