/**
 * Focus that follows the journey (WCAG 2.4.3): the navigation effects note each in-app navigation, and
 * the screen that enters takes the note. A new screen puts the focus on its heading; a screen seen
 * again by going back gives it back to the control that left it (e.g. the document that was opened),
 * or to its heading when that control is gone. The first screen of a visit leaves the focus alone.
 */
import { runtimeConfig } from '../config/runtime-config';

export type NavigationKind = 'forward' | 'back';

let pending: NavigationKind | null = null;

/** Called on every in-app location change (not the first one of a visit). */
export function noteNavigation(kind: NavigationKind): void {
  pending = kind;
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
    return;
  }
  heading?.focus({ preventScroll: true });
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
