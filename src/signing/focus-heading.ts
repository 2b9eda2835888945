/**
 * Focus follows the journey: each wizard step's heading takes the focus, and after "Fine" the heading of the
 * screen the wizard returns to. Ionic shows that screen after its transition, so it is looked for a few times.
 */
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

/** Focuses an element that is not focusable by Tab (a heading), without a second tab stop. */
export function focusHeading(heading: HTMLElement | null): boolean {
  if (!heading?.isConnected) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return document.activeElement === heading;
}

export function focusScreenHeading(attempts = 20, delayMs = 100): void {
  let left = attempts;
  const tryFocus = (): void => {
    const heading = screenHeading();
    left -= 1;
    if (!focusHeading(heading ?? null) && left > 0) window.setTimeout(tryFocus, delayMs);
  };
  window.setTimeout(tryFocus, delayMs);
}
