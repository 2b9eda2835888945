/**
 * The open side menu holds the keyboard (WCAG 2.4.3, 2.4.11): everything beside it is `inert` while it is open
 * (no tab stop, no click, out of the accessibility tree, as a modal dialog's background), and Tab past its last
 * control comes back to its first (Shift+Tab the other way). Ionic's own trap was seen not to hold: Tab past
 * "Esci" walked on through the page behind. Live regions (the connection status) stay outside the inert part so that they
 * are still announced.
 */

/** The focusable part of a control: Ionic's items and buttons keep their native element in the shadow root. */
export function focusTarget(element: HTMLElement): HTMLElement {
  return element.shadowRoot?.querySelector<HTMLElement>('a[href], button, input') ?? element;
}

const LIVE_ROLES = new Set(['status', 'alert', 'log']);

/** Sets `inert` on every element beside `keep`'s line of ancestors; returns how to undo it. */
export function inertAround(keep: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let node: HTMLElement | null = keep; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (LIVE_ROLES.has(sibling.getAttribute('role') ?? '')) continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return () => {
    for (const element of made) element.inert = false;
  };
}

const CONTROLS =
  'ion-item, ion-button, ion-toggle, ion-checkbox, ion-radio, ion-select, a[href], button, input, select, textarea, [tabindex]';

function tabbable(element: HTMLElement): boolean {
  if (element.getClientRects().length === 0 || element.closest('[inert], [disabled]')) return false;
  if (element.tagName.startsWith('ION-')) {
    // An Ionic host is a tab stop when its shadow holds a native control (a plain item has none).
    const native = element.shadowRoot?.querySelector<HTMLElement>('a[href], button, input');
    return native !== null && native !== undefined && native.tabIndex >= 0;
  }
  return element.tabIndex >= 0;
}

/** The first and last tab stops inside `container` (light DOM hosts; nested controls count once). */
export function edgeStops(container: HTMLElement): { first: HTMLElement; last: HTMLElement } | null {
  const stops = Array.from(container.querySelectorAll<HTMLElement>(CONTROLS)).filter(
    (element) => tabbable(element) && !element.parentElement?.closest('ion-item, ion-button'),
  );
  const first = stops[0];
  const last = stops.at(-1);
  return first && last ? { first, last } : null;
}

/** Tab on the last stop goes to the first, Shift+Tab on the first (or on the menu itself) to the last. */
export function wrapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = edgeStops(container);
  if (!stops) return;
  const active = document.activeElement;
  const on = (element: HTMLElement): boolean => active === element || element.contains(active);
  const target = event.shiftKey
    ? on(stops.first) || active === container
      ? stops.last
      : null
    : on(stops.last)
      ? stops.first
      : null;
  if (!target) return;
  event.preventDefault();
  focusTarget(target).focus();
}
