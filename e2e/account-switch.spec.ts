import { expect, type Page, test } from '@playwright/test';
import { login, totpCode } from './support';

/** The visible page: Ionic keeps the previous ones in the DOM, hidden. */
const current = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();

async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(page.locator('ion-menu').getByText('Cambia profilo', { exact: true })).toBeVisible();
}

test("a guest of two patients switches from the side menu, and sees only the chosen patient's documents", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, 'marta.colombo');
  await expect(page).toHaveURL(/\/home$/);

  // A fresh login acts for the newest grant: another patient's whole dossier, nothing of Mario's.
  const line = current(page).getByRole('heading', { name: /^Vedi i documenti di / });
  await expect(line).toHaveCount(1);
  const other = ((await line.textContent()) ?? '').replace('Vedi i documenti di ', '').trim();
  expect(other).not.toBe('Mario Rossi');

  await openMenu(page);
  const menu = page.locator('ion-menu');
  const inUse = menu.locator('ion-item[aria-current="true"]');
  await expect(inUse).toContainText(`Persona autorizzata · ${other}`);
  await expect(inUse).toContainText('Profilo in uso');
  await menu.locator('ion-item', { hasText: 'Mario Rossi' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Passare al profilo Marta Colombo (Persona autorizzata · Mario Rossi)?');
  const switched = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/account/switch' && response.status() === 200,
  );
  await dialog.getByRole('button', { name: 'Cambia profilo' }).click();
  await switched;

  // The portal reloads on the new account: Mario's two shared documents, nothing of the other patient.
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await expect(current(page).getByText('Vedi i documenti di Mario Rossi')).toBeVisible();
  await expect(current(page).getByText('2 documenti visibili')).toBeVisible();
  await expect(current(page).getByText(`Vedi i documenti di ${other}`)).toHaveCount(0);
  await openMenu(page);
  await expect(menu.locator('ion-item[aria-current="true"]')).toContainText(
    'Persona autorizzata · Mario Rossi',
  );
  await menu.evaluate((element) => (element as HTMLElement & { close(): Promise<boolean> }).close());

  // The tokens survive a reload (they replaced the stored ones) and stay on the chosen account.
  await page.reload();
  await expect(current(page).getByText('Vedi i documenti di Mario Rossi')).toBeVisible({ timeout: 30_000 });

  // The same menu on a tablet.
  await page.setViewportSize({ width: 820, height: 1180 });
  await openMenu(page);
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('the physician goes to her patient profile and back with her authenticator code; a wrong code keeps her on the step', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await login(page, 'dott.ferrari');
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    const menu = page.locator('ion-menu');

    // To her own patient dossier: a confirmation, nothing more.
    await openMenu(page);
    await menu.locator('ion-item', { hasText: 'Paziente' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Cambia profilo' }).click();
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    await openMenu(page);
    await expect(menu.locator('ion-item[aria-current="true"]')).toContainText('Paziente');

    // Back to the physician: the code step, its heading focused, never a refusal toast.
    await menu.locator('ion-item', { hasText: 'Medico' }).click();
    const step = page.locator('ion-modal.account-step-up');
    const heading = step.getByRole('heading', { name: "Conferma con l'app di autenticazione" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(step).toContainText('Per passare al profilo Dott.ssa Anna Ferrari (Medico)');
    const field = step.getByLabel("Codice dell'app di autenticazione");
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    // A wrong code: the reason under the field, still on the step, still the patient.
    await field.fill('000000');
    await step.getByRole('button', { name: 'Conferma e cambia profilo' }).click();
    await expect(step.getByRole('alert')).toHaveText(
      "Codice non valido: inserisci il codice attuale dell'app di autenticazione (ogni codice vale una sola volta)",
    );
    await expect(heading).toBeVisible();
    await expect(field).toBeFocused();
    await expect(page.locator('ion-toast')).toHaveCount(0);

    // The right code: the portal reloads as the physician.
    await field.fill(await totpCode('dott.ferrari'));
    const switched = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/account/switch' && response.status() === 200,
    );
    await step.getByRole('button', { name: 'Conferma e cambia profilo' }).click();
    await switched;
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    await openMenu(page);
    await expect(menu.locator('ion-item[aria-current="true"]')).toContainText('Medico');
  });
});
