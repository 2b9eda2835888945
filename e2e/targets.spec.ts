import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

/**
 * Every interactive element on the patient's screens is at least 44 × 44 px (WCAG 2.5.5
 * enhanced size, the spec's touch-target rule). Measured inside the page with getBoundingClientRect.
 *
 * Exemptions, kept few and explicit:
 * - an inline link inside a sentence (WCAG 2.5.8 "inline");
 * - a native checkbox or radio drawn inside a label that is itself at least 44 × 44 (the label is the target);
 * - the controls pdf.js draws over a document's page (link annotations follow the document's own layout).
 */
const MIN = 44;

const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="tab"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="option"]',
  'ion-button',
  'ion-item[button]',
  'ion-item[href]',
  'ion-item[router-link]',
  'ion-tab-button',
  'ion-back-button',
  'ion-menu-button',
  'ion-segment-button',
  'ion-chip',
  'ion-checkbox',
  'ion-radio',
  'ion-toggle',
  'ion-select',
].join(',');

interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/** The visible interactive elements of the current screen (and of an open menu or sheet) under 44 px. */
async function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const hiddenPage = (el: Element): boolean =>
        el.closest('.ion-page-hidden, [aria-hidden="true"], ion-menu:not(.show-menu)') !== null;
      const isInlineLink = (el: Element): boolean => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        const block = el.parentElement;
        const text = (block?.textContent ?? '').trim();
        return text.length > (el.textContent ?? '').trim().length;
      };
      const labelIsTarget = (el: Element): boolean => {
        if (!(el instanceof HTMLInputElement) || !['checkbox', 'radio'].includes(el.type)) return false;
        const label = el.closest('label') ?? el.labels?.[0];
        if (!label) return false;
        const box = label.getBoundingClientRect();
        return box.width >= min && box.height >= min;
      };
      const found: { what: string; width: number; height: number }[] = [];
      for (const el of document.querySelectorAll(selector)) {
        if (hiddenPage(el) || el.closest('.pdf-page, .textLayer, .annotationLayer')) continue;
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
        if (isInlineLink(el) || labelIsTarget(el)) continue;
        const name =
          el.getAttribute('aria-label') ??
          (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) ??
          '';
        const classes = typeof el.className === 'string' ? el.className.split(' ').slice(0, 2).join('.') : '';
        found.push({
          what: `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${name}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
      return found;
    },
    { selector: INTERACTIVE, min: MIN },
  );
}

/** The screen shown now: Ionic keeps the previous pages in the DOM, hidden. */
const current = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();

/** Goes to a screen and waits until its content (not its loading state) is drawn. */
async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await expect(current(page).locator(ready).first()).toBeVisible({ timeout: 20_000 });
  // Lists and cards finish their entry animation, sheets their slide.
  await page.waitForTimeout(600);
}

test('every interactive element on the patient screens is at least 44 × 44 px', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const me = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/me' && response.status() === 200,
  );
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  const { patientId } = (await (await me).json()) as { patientId: number };

  const problems: string[] = [];
  const measure = async (screen: string): Promise<void> => {
    for (const target of await smallTargets(page))
      problems.push(`${screen}: ${target.what} ${target.width}×${target.height}`);
  };

  const screens: [name: string, path: string, ready: string][] = [
    ['home', '/home', 'ion-card'],
    ['dossier', '/dossier', '.doc-card, .doc-table'],
    ['consents', `/consents/${patientId}`, '.consent-card, ion-card'],
    ['requests archive', `/archiverequest/${patientId}`, '.archive-item'],
    ['new report request', `/documentrequest/${patientId}`, '.request-item'],
    ['new record request', `/clinicalrequest/${patientId}`, '[role=main] h2, .request-item'],
    ['uploads', '/fileUpload', '[role=main] ion-button, [role=main] button'],
    ['guests', '/guests', '[role=main] ion-button, [role=main] button'],
    ['history', `/datahistory/${patientId}`, '.history-own-switch'],
    ['timeline', '/timeline', '.vis-timeline, .state-view'],
    ['personal record', `/patientInfo/${patientId}`, '.fact-section'],
    ['results', '/results', '.analyte-row'],
    ['HbA1c trend', '/results/trend/59261-8', '.trend-table'],
    ['readings', '/readings', '.readings-new'],
  ];
  for (const [name, path, ready] of screens) {
    await visit(page, path, ready);
    await measure(name);
  }
  // The history with the patient's own accesses too (hidden by default): its rows and filters.
  await visit(page, `/datahistory/${patientId}`, '.history-own-switch');
  await current(page).getByRole('switch', { name: 'Mostra anche i miei accessi' }).check();
  await expect(current(page).locator('.history-list').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(600);
  await measure('history with own accesses');

  // The dossier's filter sheet.
  await visit(page, '/dossier', '.doc-card, .doc-table');
  await current(page).getByRole('button', { name: 'Filtri', exact: true }).click();
  await expect(page.locator('ion-modal.filter-sheet fieldset').first()).toBeVisible();
  await page.waitForTimeout(600);
  await measure('dossier filters');
  await page.locator('ion-modal.filter-sheet').getByRole('button', { name: 'Chiudi' }).click();
  await expect(page.locator('ion-modal.filter-sheet')).toBeHidden();

  // The new request's second step (delivery), after one report is chosen.
  await visit(page, `/documentrequest/${patientId}`, '.request-item');
  await current(page).locator('.request-item').first().getByRole('checkbox').first().check();
  await current(page).getByRole('button', { name: 'Avanti' }).click();
  await expect(current(page).getByText('Ritiro allo sportello')).toBeVisible();
  await page.waitForTimeout(600);
  await measure('new report request, delivery');

  // A document open from the dossier.
  await visit(page, '/dossier', '.doc-card, .doc-table');
  // Document titles are buttons named by the title itself.
  await current(page).locator('button.doc-open').first().click();
  await expect(page).toHaveURL(/\/documents\/\d+/);
  await expect(current(page).locator('canvas, .state-view').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(600);
  await measure('document');

  // The side menu, open over the home.
  await visit(page, '/home', 'ion-card');
  await current(page).getByRole('button', { name: 'Apri il menu' }).click();
  await expect(page.locator('ion-menu.show-menu')).toBeVisible();
  await page.waitForTimeout(600);
  await measure('side menu');

  expect(problems, `targets under ${MIN} px:\n${problems.join('\n')}`).toEqual([]);
});

/** Tabs through the step and reports each focus stop the sticky footer covers whole (WCAG 2.4.11). */
async function hiddenFocusStops(page: Page, stops: number): Promise<string[]> {
  const hidden: string[] = [];
  for (let index = 0; index < stops; index += 1) {
    await page.keyboard.press('Tab');
    // Let the focus scroll finish.
    await page.waitForTimeout(120);
    const covered = await page.evaluate(() => {
      const focused = document.activeElement;
      const footer = document.querySelector('.ion-page:not(.ion-page-hidden) .request-footer');
      if (!focused || !footer || footer.contains(focused) || !focused.closest('ion-content')) return null;
      const box = focused.getBoundingClientRect();
      const bar = footer.getBoundingClientRect();
      const under = box.top >= bar.top - 0.5 && box.bottom <= bar.bottom + 0.5;
      const name = focused.getAttribute('aria-label') ?? focused.closest('label')?.textContent ?? '';
      return under ? `${focused.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"` : null;
    });
    if (covered) hidden.push(covered);
  }
  return hidden;
}

test('the copy request footer never hides the focused control', async ({ page }) => {
  test.setTimeout(180_000);
  const me = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/me' && response.status() === 200,
  );
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  const { patientId } = (await (await me).json()) as { patientId: number };
  for (const [width, height] of [
    [360, 640],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await visit(page, `/documentrequest/${patientId}`, '.request-item');
    await current(page).locator('h1, .request-steps').first().click();
    expect(await hiddenFocusStops(page, 45), `${width}×${height}`).toEqual([]);
  }
});
