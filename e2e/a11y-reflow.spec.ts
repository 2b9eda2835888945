/**
 * Reflow (WCAG 1.4.10): at 320 px the timeline's axis labels are whole, inside the chart, in
 * Italian and English, and the screen does not scroll sideways. A screenshot goes to A11Y_SHOTS when set.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { chooseLanguage, current, LANGUAGES } from './a11y-support';
import { login } from './support';

test.use({ viewport: { width: 320, height: 640 } });

interface Cut {
  text: string;
  left: number;
  right: number;
}

/** Axis labels drawn (not empty, not hidden) whose text reaches past the chart's edges, where it is cut. */
function cutLabels(page: Page): Promise<Cut[]> {
  return current(page)
    .locator('.vis-timeline')
    .first()
    .evaluate((chart) => {
      const frame = chart.getBoundingClientRect();
      const cut: { text: string; left: number; right: number }[] = [];
      const range = document.createRange();
      for (const label of chart.querySelectorAll<HTMLElement>('.vis-time-axis .vis-text:not(.vis-measure)')) {
        const text = label.textContent?.trim() ?? '';
        range.selectNodeContents(label);
        const box = range.getBoundingClientRect(); // the text itself, not its step-wide box
        if (!text || box.width === 0 || getComputedStyle(label).visibility === 'hidden') continue;
        const inside = box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5;
        if (!inside) cut.push({ text, left: Math.round(box.left), right: Math.round(box.right) });
      }
      return cut;
    });
}

test('at 320 px the timeline’s axis labels are whole and the screen does not scroll sideways', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    await page.goto('/timeline');
    await expect(current(page).locator('.tl-cluster').first()).toBeVisible();
    const labels = current(page).locator('.vis-time-axis .vis-text:not(.vis-measure)');
    await expect(labels.filter({ visible: true }).first()).toBeVisible();
    await page.waitForTimeout(500); // the fitted window is drawn after the first frame
    expect(await cutLabels(page)).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways).toBe(false);
    // Zoomed in once (a finer scale, more labels): still whole.
    await current(page)
      .getByRole('button', { name: /^(Ingrandisci|Zoom in)$/ })
      .click();
    await page.waitForTimeout(800);
    expect(await cutLabels(page)).toEqual([]);
    if (process.env.A11Y_SHOTS) {
      mkdirSync(process.env.A11Y_SHOTS, { recursive: true });
      await page.screenshot({ path: `${process.env.A11Y_SHOTS}/phone320-${language}-timeline.png` });
    }
  }
});
