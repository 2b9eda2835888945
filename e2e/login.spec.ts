import { expect, test } from '@playwright/test';
import { login, tabLabels } from './support';

const roles = [
  { username: 'mario.rossi', tabs: ['Home', 'Dossier', 'Consensi'] },
  { username: 'dott.ferrari', tabs: ['Home', 'Pazienti', 'Preferiti'] },
  { username: 'operatore', tabs: ['Home', 'Pazienti', 'Preferiti'] },
  { username: 'admin', tabs: ['Home', 'Pazienti', 'Preferiti'] },
  { username: 'ospite', tabs: ['Home', 'Dossier'] },
] as const;

for (const role of roles) {
  test(`${role.username} logs in through the identity provider and lands on the home with their tabs`, async ({
    page,
  }) => {
    await login(page, role.username);
    await expect(page).toHaveURL(/\/home$/);
    expect(await tabLabels(page)).toEqual(role.tabs);
  });
}

test('a wrong password shows the error and keeps the username', async ({ page }) => {
  await login(page, 'giulia.bianchi', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Username o password incorretti.');
  await expect(page.locator('#username')).toHaveValue('giulia.bianchi');
  await expect(page.locator('#password')).toHaveValue('');
});
