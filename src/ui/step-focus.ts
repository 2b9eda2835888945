/**
 * Focus on headings (WCAG 2.4.3), the one mechanism for screens and wizard steps: a heading that is not a
 * control takes the focus (tabindex −1, no second tab stop) once it can, and gets it back if a redraw or
 * Ionic's transition drops the focus to the page body meanwhile. Every wizard (guests, copy requests,
 * signing, PIN reset, surveys) gives its step heading `useStepFocus`'s ref; screens use `useScreenHeading`
 * (page-layout.tsx), which calls `keepFocusOn` below. The style: ui.css, `.focus-heading`.
 */
import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';

/** The focus is nowhere a person can see or use: the body, a removed element, or a hidden screen. */
export function focusLost(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return active.closest('.ion-page-hidden, [aria-hidden="true"], [inert]') !== null;
}

/** Focuses an element that is not focusable by Tab (a heading), without a second tab stop. */
export function focusHeading(heading: HTMLElement | null): boolean {
  if (!heading?.isConnected) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/**
 * Focuses the heading `find` gives once it can take the focus (a page still being shown refuses it), and
 * for about two seconds gives it back when the focus falls to the body (a late redraw, Ionic's transition).
 * It stops as soon as the person has put the focus somewhere themselves. Returns the cancel function.
 */
export function focusWhenShown(find: () => HTMLElement | null, attempts = 20, delayMs = 100): () => void {
  let left = attempts;
  let timer = 0;
  let focused = false;
  const before = document.activeElement; // e.g. "Avanti", which stays: not a choice of the person
  const tryFocus = (): void => {
    left -= 1;
    const target = find();
    if (!focused || document.activeElement !== target) {
      const active = document.activeElement;
      // The person put the focus somewhere since: it stays theirs.
      if (!focusLost() && active !== before && (focused || active !== target)) return;
      focused = focusHeading(target) || focused;
    }
    if (left > 0) timer = window.setTimeout(tryFocus, delayMs);
  };
  tryFocus();
  return () => window.clearTimeout(timer);
}

/**
 * A screen's heading keeps the focus it was given: for about two seconds, a focus that falls to the body or
 * stays on a hidden screen (the one left) moves to it, until the person presses a key or taps. Used on entering a
 * screen after a navigation.
 */
export function keepFocusOn(find: () => HTMLElement | null): () => void {
  let left = 20;
  let timer = 0;
  // Once the person acts (a key, a tap), where the focus goes is theirs: opening the side menu makes the page
  // inert and closing it returns the focus to the menu button, which a rescue must not take back.
  const stop = (): void => {
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  const check = (): void => {
    left -= 1;
    const heading = find();
    const shown = heading?.closest('.ion-page-hidden') === null && heading.getClientRects().length > 0;
    if (heading && shown && focusLost()) focusHeading(heading);
    if (left > 0) timer = window.setTimeout(check, 100);
    else stop();
  };
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  timer = window.setTimeout(check, 100);
  return stop;
}

/**
 * The ref for a wizard's step heading: each time `step` changes (Avanti, Indietro, a step sent back by the
 * server), the new step's heading takes the focus, instead of it staying on the button or falling to the
 * body. When the wizard opens, the screen's own rule applies (its `h1`, screen-focus.ts), unless
 * `focusOnOpen` (a full-screen wizard whose step heading is the screen's heading).
 */
export function useStepFocus<T extends HTMLElement = HTMLHeadingElement>(
  step: string | number,
  focusOnOpen = false,
): RefObject<T | null> {
  const heading = useRef<T | null>(null);
  const opened = useRef(false);
  useEffect(() => {
    void step;
    const opening = !opened.current;
    opened.current = true;
    if (opening && !focusOnOpen) return;
    return focusWhenShown(() => heading.current);
  }, [step, focusOnOpen]);
  return heading;
}
