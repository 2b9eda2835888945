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

/**
 * Focuses the heading `find` gives once it can take the focus (a page still being shown refuses it), retrying
 * for about two seconds, unless the user has meanwhile put the focus somewhere themselves.
 */
export function focusWhenShown(find: () => HTMLElement | null, attempts = 20, delayMs = 100): () => void {
  let left = attempts;
  let timer = 0;
  const tryFocus = (): void => {
    left -= 1;
    if (focusHeading(find()) || left <= 0) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    timer = window.setTimeout(tryFocus, delayMs);
  };
  tryFocus();
  return () => window.clearTimeout(timer);
}

/** After "Fine": the heading of the screen the wizard returns to, once Ionic shows it. */
export function focusScreenHeading(): void {
  window.setTimeout(() => focusWhenShown(() => screenHeading() ?? null), 100);
}
