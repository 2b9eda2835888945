/**
 * What the accessibility journeys share (a11y*.spec.ts): axe-core (WCAG 2.0–2.2 A and AA rules) on a screen
 * state, counting critical and serious violations (and, where a journey asks, named moderate ones such as
 * the heading order); opening screens and sheets as the portal draws them.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The visible page: Ionic keeps the previous ones in the DOM, hidden. */
export const current = (page: Page): Locator => page.locator('.ion-page:not(.ion-page-hidden)').last();

/** The sheet on screen (closed ones stay in the DOM, hidden). */
export const openSheet = (page: Page): Locator => page.locator('ion-modal.sheet:not(.overlay-hidden)');

/** A button by its Italian or English name. */
export const named = (scope: Page | Locator, italian: string, english: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`^(${italian}|${english})$`) });

export class Audit {
  readonly problems: string[] = [];

  /** `alsoRules`: moderate rules that count too (e.g. 'heading-order' on the care screens). */
  constructor(private readonly alsoRules: readonly string[] = []) {}

  async check(page: Page, state: string): Promise<void> {
    // Ionic animates overlays in; pages draw after their data arrives.
    await page.waitForTimeout(300);
    // One pass: the WCAG tags, plus the named best-practice rules (the heading order) that sit outside them.
    const alsoEnabled = Object.fromEntries(this.alsoRules.map((rule) => [rule, { enabled: true }]));
    const result = await new AxeBuilder({ page }).options({ rules: alsoEnabled }).withTags(TAGS).analyze();
    for (const violation of result.violations) {
      const counted =
        violation.impact === 'critical' ||
        violation.impact === 'serious' ||
        this.alsoRules.includes(violation.id);
      if (!counted) continue;
      for (const node of violation.nodes) {
        const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 220);
        const problem = `${state}: ${violation.impact} ${violation.id} at ${node.target.join(' ')} — ${summary}`;
        console.log(problem); // as found: a journey that runs out of time still tells what it saw
        this.problems.push(problem);
      }
    }
  }

  assertClean(): void {
    expect(this.problems, this.problems.join('\n')).toEqual([]);
  }
}

export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('language', JSON.stringify(code)), language);
}

/** Opens a path as a reload and waits for its screen heading; each screen has exactly one `main`. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(current(page).locator('h1').first()).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
}

/** The open sheet is a dialog named by its title (Ionic's dialog element is in its shadow root). */
export async function expectNamedSheet(page: Page): Promise<void> {
  const title = (await openSheet(page).locator('ion-title').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await expect(page.getByRole('dialog', { name: title, exact: true })).toBeVisible();
}

export async function openMenu(page: Page): Promise<void> {
  await named(current(page), 'Apri il menu', 'Open the menu').click();
  await expect(page.locator('ion-menu')).toBeVisible();
}

export async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('ion-menu .menu-inner')).toBeHidden();
}

export async function ownPatientId(page: Page): Promise<string> {
  await openMenu(page);
  await page.locator('ion-menu ion-item', { hasText: 'Dati anagrafici' }).click();
  await expect(page).toHaveURL(/\/patientInfo\/\d+$/);
  // The new screen's heading has the focus, also after the menu closed.
  await expect(current(page).locator('h1')).toBeFocused();
  await expect(page).toHaveTitle(/^Dati anagrafici · /);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}
