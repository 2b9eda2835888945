/**
 * Screenshots of the portal as its users see it: phone (390×844) and tablet (820×1180), Italian and
 * English, for each demo role. Needs a running server (npm start). Output: test-results/screenshots.
 * Usage: tsx tools/screenshots/roles.ts [baseUrl] [username…]
 */
import { mkdirSync } from 'node:fs';
import { launchChromium, loginAs, viewports } from './support';

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const usernames = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['mario.rossi', 'dott.ferrari'];
const outDir = 'test-results/screenshots';
mkdirSync(outDir, { recursive: true });

const browser = await launchChromium();
for (const [device, viewport] of Object.entries(viewports)) {
  for (const language of ['it', 'en'] as const) {
    for (const username of usernames) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language });
      await context.addInitScript((lang) => {
        if (!localStorage.getItem('language')) localStorage.setItem('language', JSON.stringify(lang));
      }, language);
      const page = await context.newPage();
      if (device === 'phone') {
        await page.goto(`${baseUrl}/`);
        await page.locator('#username').waitFor();
        await page.screenshot({ path: `${outDir}/${device}-${language}-login.png` });
      }
      await loginAs(page, baseUrl, username);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${outDir}/${device}-${language}-${username}-home.png` });
      const tabs = page.locator('ion-tab-bar ion-tab-button');
      const count = await tabs.count();
      for (let index = 1; index < count; index++) {
        await tabs.nth(index).click();
        await page.waitForTimeout(1200);
        await page.screenshot({ path: `${outDir}/${device}-${language}-${username}-tab${index}.png` });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
