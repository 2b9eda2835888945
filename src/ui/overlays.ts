/**
 * "Every navigation closes any open dialog" (spec section 2): dismisses every presented Ionic
 * overlay. An overlay marked `data-keep-on-navigation` stays (e.g. a blocking notice).
 */
const OVERLAYS = 'ion-modal, ion-alert, ion-popover, ion-action-sheet, ion-loading, ion-picker';

interface OverlayElement extends HTMLElement {
  dismiss?: (data?: unknown, role?: string) => Promise<boolean>;
}

export function dismissAllOverlays(): void {
  for (const element of document.querySelectorAll<OverlayElement>(OVERLAYS)) {
    if (element.hasAttribute('data-keep-on-navigation')) continue;
    if (element.classList.contains('overlay-hidden')) continue;
    void element.dismiss?.(undefined, 'navigation').catch(() => undefined);
  }
}
