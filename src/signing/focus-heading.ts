/**
 * After "Fine", the heading of the screen the wizard returns to takes the focus (each step's heading takes it
 * through the shared `useStepFocus`, ui/step-focus.ts). Ionic shows that screen after its transition, so it is
 * looked for a few times.
 */
import { focusWhenShown } from '../ui/step-focus';

/** A heading of a page other than the wizard (which may still be leaving) that Ionic does not hide. */
function isScreenHeading(heading: HTMLElement): boolean {
  return (
    heading.closest('.signing-wizard, .ion-page-hidden, .ion-page-invisible, [aria-hidden="true"]') === null
  );
}

/** The last such heading, preferring one laid out on screen (a browser; a test DOM lays out nothing). */
function screenHeading(): HTMLElement | undefined {
  const headings = [...document.querySelectorAll<HTMLElement>('.ion-page h1')].filter(isScreenHeading);
  return headings.filter((heading) => heading.getClientRects().length > 0).at(-1) ?? headings.at(-1);
}

/** After "Fine": the heading of the screen the wizard returns to, once Ionic shows it. */
export function focusScreenHeading(): void {
  window.setTimeout(() => focusWhenShown(() => screenHeading() ?? null), 100);
}
