import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from './support';

/**
 * Ionic's modal, alert and toast come from `src/ui/ionic/*` (outside the `@ionic/react` barrel) and load on
 * first use: a sheet opens, keeps what is typed and closes; the screenshots go to /tmp/bundle-shots.
 */
const SHOTS = '/tmp/bundle-shots';
mkdirSync(SHOTS, { recursive: true });

for (const [device, viewport] of Object.entries({
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
})) {
  test(`a sheet opens on first use and closes (${device})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/);
    await page.screenshot({ path: `${SHOTS}/${device}-home.png` });
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Scrivi' }).click();
    const compose = page.locator('ion-modal', { has: page.locator('#message-form') });
    await expect(compose.getByLabel('Oggetto *')).toBeVisible();
    await compose.getByLabel('Oggetto *').fill('Prova');
    await page.waitForTimeout(600); // the sheet's entering animation
    await page.screenshot({ path: `${SHOTS}/${device}-sheet.png` });
    await compose.getByRole('button', { name: 'Chiudi' }).click();
    await expect(compose).toBeHidden();
    await expect(page.locator('ion-modal.show-modal')).toHaveCount(0);
  });
}
