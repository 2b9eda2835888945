/**
 * The tab bar at a large text size (WCAG 1.4.4, 200 % text): when the labels no longer fit side by side, the
 * bar shows its icons only and keeps each label as the tab's accessible name (visually hidden, `shell.css`), so
 * every tab stays on screen. Measured, not guessed: the words' widths depend on the language and the font.
 * The tablet rail (a column) grows with its labels instead and is never reduced.
 */
import type { RefObject } from 'react';
import { useLayoutEffect } from 'react';

export const ICONS_ONLY_CLASS = 'app-tab-nav--icons';

/** Whether the bar's buttons, drawn with their labels, spill out of the bar or out of their own buttons. */
function labelsOverflow(bar: HTMLElement): boolean {
  const barBox = bar.getBoundingClientRect();
  if (barBox.width === 0) return false;
  const buttons = Array.from(bar.querySelectorAll<HTMLElement>('ion-tab-button'));
  const width = buttons.reduce((sum, button) => sum + button.getBoundingClientRect().width, 0);
  if (width > barBox.width + 1) return true;
  return buttons.some((button) => {
    const label = button.querySelector('ion-label');
    return label !== null && label.scrollWidth > button.getBoundingClientRect().width + 1;
  });
}

/** Sets or clears the icons-only look on `nav` whenever its size, the tabs or the language change. */
export function useTabBarFit(nav: RefObject<HTMLElement | null>, key: string): void {
  useLayoutEffect(() => {
    void key;
    const element = nav.current;
    const bar = element?.querySelector<HTMLElement>('ion-tab-bar');
    if (!element || !bar) return;
    const adapt = (): void => {
      // Measured with the labels shown: taking the class off and on again in one task draws nothing between.
      element.classList.remove(ICONS_ONLY_CLASS);
      const row = getComputedStyle(bar).flexDirection !== 'column';
      element.classList.toggle(ICONS_ONLY_CLASS, row && labelsOverflow(bar));
    };
    adapt();
    // A text size change resizes the bar (labels and icons are in rem); a turned phone resizes the nav.
    const observer = new ResizeObserver(adapt);
    observer.observe(element);
    observer.observe(bar);
    // Fonts arriving late change the words' widths without resizing anything yet.
    void document.fonts?.ready.then(adapt);
    return () => observer.disconnect();
  }, [nav, key]);
}
