/**
 * Screenshots of the copy-request screens (phone 390×844 and tablet 820×1180, Italian and English) for
 * Mario Rossi: selection, delivery with a delegate, summary, archive, and the admission conflict.
 * Needs a running server with fresh demo data. Usage: tsx tools/screenshots/requests.ts [baseUrl]
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { launchChromium, loginAs, viewports } from './support';

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const outDir = 'test-results/screenshots';
mkdirSync(outDir, { recursive: true });

const login = (page: Page, username: string): Promise<void> => loginAs(page, baseUrl, username);

const view = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();

const browser = await launchChromium();
for (const [device, viewport] of Object.entries(viewports)) {
  for (const language of ['it', 'en'] as const) {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${outDir}/${device}-${language}-requests-${name}.png` });
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language });
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', JSON.stringify(lang));
    }, language);
    const page = await context.newPage();
    await login(page, 'mario.rossi');
    // Any id will do: a patient is sent to their own request page.
    await page.goto(`${baseUrl}/documentrequest/1`);
    await page.waitForURL(/\/documentrequest\/\d+$/);
    const patientId = Number(new URL(page.url()).pathname.split('/').pop());
    const rows = view(page).locator('.request-item');
    await rows.first().waitFor();
    await rows.nth(0).getByRole('checkbox').first().check();
    const imaged = view(page)
      .locator('.request-item', { has: page.locator('.request-flag + .request-flag') })
      .first();
    await imaged.getByRole('checkbox').nth(1).check();
    await imaged.getByRole('button').nth(1).click();
    await page.waitForTimeout(500);
    await shot(page, '1-select');
    await view(page).locator('.request-footer ion-button').last().click();
    await view(page)
      .locator('.delivery-choice')
      .nth(1 + 3)
      .waitFor();
    await view(page).locator('input[name="delivery-modality"][value="DELEGATE"]').check();
    await view(page).locator('input[name="image-support"][value="DVD"]').check();
    await view(page).locator('#delegate-surname').fill('Bianchi');
    await view(page).locator('#delegate-name').fill('Anna');
    await view(page).locator('#delivery-email').fill('anna@');
    await view(page).locator('.request-footer ion-button').last().click();
    await view(page).locator('.field-error').first().waitFor();
    await shot(page, '2-delivery-errors');
    await view(page).locator('#delivery-email').fill('');
    await view(page).locator('#delegate-document').selectOption('IDENTITY_CARD');
    await view(page).locator('#delegate-number').fill('CA12345BB');
    await view(page).locator('.request-footer ion-button').last().click();
    await view(page).locator('.price-table').waitFor();
    await shot(page, '3-summary');
    await view(page).locator('.request-footer ion-button').last().click();
    await view(page).locator('.request-done').waitFor();
    await shot(page, '4-done');
    await page.goto(`${baseUrl}/archiverequest/${patientId}`);
    await view(page).locator('.archive-item').first().waitFor();
    await page.waitForTimeout(500);
    await shot(page, '5-archive');
    await page.goto(`${baseUrl}/clinicalrequest/${patientId}`);
    await view(page).locator('.request-item').last().waitFor();
    await view(page).locator('.request-item').last().getByRole('checkbox').check();
    await view(page).locator('.request-footer ion-button').last().click();
    await view(page).locator('.request-footer ion-button').last().click();
    await view(page).locator('.request-problem').waitFor();
    await shot(page, '6-conflict');
    await page.goto(`${baseUrl}/home`);
    await page.locator('ion-menu-button').first().click();
    await page.locator('ion-menu ion-item').last().waitFor();
    await page.waitForTimeout(600);
    await shot(page, '7-menu');
    await context.close();
    // The desk: the operator opens the patient's page, then the requests.
    const desk = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language });
    await desk.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', JSON.stringify(lang));
    }, language);
    const staff = await desk.newPage();
    await login(staff, 'operatore');
    await staff.goto(`${baseUrl}/patientInfo/${patientId}`);
    await view(staff).locator('.patient-actions').waitFor();
    await staff.waitForTimeout(600);
    await shot(staff, '8-staff-patient');
    await view(staff).locator('.patient-actions ion-button').last().click();
    await view(staff).locator('.archive-item').first().waitFor();
    await staff.waitForTimeout(600);
    await shot(staff, '9-staff-archive');
    await desk.close();
  }
}
await browser.close();
