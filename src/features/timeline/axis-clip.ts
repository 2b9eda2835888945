/**
 * Reflow at 320 px (WCAG 1.4.10): vis-timeline draws the axis labels nearest the edges partly outside the
 * chart, where its panel cuts them ("010" for 2010). After each redraw such a label is hidden until the axis
 * moves it back inside; whole labels stay as drawn.
 */
export function hideCutAxisLabels(root: HTMLElement): void {
  const range = document.createRange();
  for (const label of root.querySelectorAll<HTMLElement>('.vis-time-axis .vis-text:not(.vis-measure)')) {
    const panel = label.closest('.vis-panel') ?? root;
    const frame = panel.getBoundingClientRect();
    range.selectNodeContents(label);
    const text = range.getBoundingClientRect();
    const cut = text.width > 0 && (text.left < frame.left - 0.5 || text.right > frame.right + 0.5);
    label.style.visibility = cut ? 'hidden' : '';
  }
}
