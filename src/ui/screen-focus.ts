/**
 * Focus that follows the journey (WCAG 2.4.3): the navigation effects note each in-app navigation, and
 * the screen that enters takes the note. A new screen puts the focus on its heading; a screen seen
 * again by going back gives it back to the control that left it (e.g. the document that was opened),
 * or to its heading when that control is gone. The first screen of a visit leaves the focus alone. A focus
 * lost right after (a redraw, a screen drawn late) goes to the heading (step-focus.ts, the shared mechanism
 * that wizard steps use too).
 */
import { runtimeConfig } from '../config/runtime-config';
import { focusHeading, keepFocusOn } from './step-focus';

export type NavigationKind = 'forward' | 'back';

let pending: NavigationKind | null = null;
let navigated = false;

/** Called on every in-app location change (not the first one of a visit). */
export function noteNavigation(kind: NavigationKind): void {
  pending = kind;
  navigated = true;
}

/**
 * A screen drawn after the visit's first one (e.g. home after the login's return, a wizard drawn once its
 * draft is read): its heading takes a focus that was lost (on the body, or on the screen just left) for a
 * short while, even when Ionic's "entered" came before the screen was drawn. Returns the cancel function.
 */
export function rescueLostFocus(find: () => HTMLElement | null): () => void {
  return navigated ? keepFocusOn(find) : () => undefined;
}

/** The navigation that brought the entering screen, once. */
export function takeNavigation(): NavigationKind | null {
  const kind = pending;
  pending = null;
  return kind;
}

/**
 * Moves the focus for an entering screen: `returnTo` (the control focused when it was left) after a
 * navigation back, else the heading. Nothing happens without a navigation.
 */
export function focusEnteringScreen(
  kind: NavigationKind | null,
  heading: HTMLElement | null,
  returnTo: HTMLElement | null,
): void {
  if (kind === null) return;
  if (kind === 'back' && returnTo?.isConnected) {
    returnTo.focus();
    keepReturnedFocus(returnTo);
    return;
  }
  focusHeading(heading);
  if (heading) keepFocusOn(() => (heading.isConnected ? heading : null));
}

/** Where an element sits under its page: tag and position at each level, to find its redrawn twin. */
function pathIn(page: Element, element: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = element;
  while (node && node !== page) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node === page ? path : null;
}

const REDRAW_CHECKS_MS = [150, 400, 900, 1800, 3000];

/**
 * A screen seen again may redraw its list just after it took the focus back (a refresh on return): the
 * focused row is then replaced and the focus would fall to the page body. For a short while, the focus
 * moves to the row drawn in the same place, if it is the same kind of control.
 */
function keepReturnedFocus(target: HTMLElement): void {
  const page = target.closest('.ion-page');
  const path = page ? pathIn(page, target) : null;
  if (!page || !path) return;
  for (const delay of REDRAW_CHECKS_MS) {
    setTimeout(() => {
      if (target.isConnected || document.activeElement !== document.body || !page.isConnected) return;
      let twin: Element | undefined = page;
      for (const index of path) twin = twin?.children[index];
      if (
        twin instanceof HTMLElement &&
        twin.tagName === target.tagName &&
        twin.className === target.className
      )
        twin.focus();
    }, delay);
  }
}

/** "<screen> · <application>" as the browser tab's and the screen reader's page title. */
export function setScreenTitle(screen: string): void {
  let application = '';
  try {
    application = runtimeConfig().applicationTitle;
  } catch {
    // Before the configuration is read (tests of single screens): the screen's name alone.
  }
  document.title = application && screen ? `${screen} · ${application}` : screen || application;
}
