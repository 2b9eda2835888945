/** Where overlays are rendered, as `@ionic/react` does: Ionic's own container for them (the app, else the body). */
export function overlayContainer(): HTMLElement {
  return document.querySelector('ion-app') ?? document.body;
}
