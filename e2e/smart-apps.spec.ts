/**
 * SMART App Launch with SMART's own JavaScript client (`fhirclient`) as the third-party app: a small page on
 * another origin (the demo's Diario Salute, served here by the test) authorizes against the portal, Mario
 * signs in and allows it, the app reads his Patient, Observations and DocumentReferences, Mario revokes it in
 * Connected apps, and the app's next read fails; his treatment history names the app. Every screen of the
 * journey is axe clean. With SHOTS_DIR set (e.g. test-results/screenshots-apps), the consent page, Connected
 * apps and Registered apps are photographed at 390×844, 360×640 and 820×1180 in Italian and English.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { Audit, chooseLanguage } from './a11y-support';
import { login, newSmsCode, smsBodies } from './support';

const APP_ORIGIN = 'http://localhost:9876';
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 820, height: 1180 },
];
const SCOPE =
  'launch/patient openid fhirUser offline_access patient/Patient.rs patient/Observation.rs patient/DocumentReference.rs';

const bundle = readFile(
  createRequire(import.meta.url).resolve('fhirclient/build/fhir-client.min.js'),
  'utf8',
);

const launchPage = (iss: string): string => `<!DOCTYPE html><html><head><title>Diario Salute</title>
<script src="/diario/fhir-client.js"></script></head><body><p>Diario Salute…</p><script>
FHIR.oauth2.authorize({ clientId: 'diario-salute', scope: '${SCOPE}', redirectUri: 'app.html', iss: '${iss}', pkceMode: 'required' });
</script></body></html>`;

const appPage = `<!DOCTYPE html><html><head><title>Diario Salute</title>
<script src="/diario/fhir-client.js"></script></head><body><main id="out">…</main><script>
FHIR.oauth2.ready().then(async (client) => {
  window.smartClient = client;
  const patient = await client.patient.read();
  const observations = await client.request('Observation?patient=' + client.patient.id);
  const documents = await client.request('DocumentReference?patient=' + client.patient.id);
  window.readings = { patientId: client.patient.id, name: patient.name, observations: observations.total ?? (observations.entry || []).length,
    documents: documents.total ?? (documents.entry || []).length, fhirUser: client.getFhirUser() };
  document.getElementById('out').textContent = 'ready';
}).catch((error) => { document.getElementById('out').textContent = 'failed: ' + error.message; });
</script></body></html>`;

/**
 * The app's origin, a real server of the test's on this machine (a page the browser was handed by
 * interception would count as a public site, which Chromium keeps off loopback addresses).
 */
async function serveApp(iss: string): Promise<Server> {
  const library = await bundle;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', APP_ORIGIN).pathname;
    const body =
      path === '/diario/fhir-client.js'
        ? library
        : path === '/diario/launch.html'
          ? launchPage(iss)
          : path === '/diario/app.html'
            ? appPage
            : null;
    if (body === null) return void res.writeHead(404).end();
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(9876, 'localhost', resolve));
  return server;
}

/** Screenshots only when asked for: CI writes none. */
async function photograph(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${dir}/${name}-${size.width}x${size.height}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[0] ?? { width: 390, height: 844 });
}

test('a SMART app authorizes with fhirclient, reads, is revoked, and is refused', async ({
  page,
  context,
  baseURL,
}) => {
  const iss = `${baseURL}/fhir`;
  const app = await serveApp(iss);
  page.on('console', (message) => console.log('app console:', message.text()));
  page.on('pageerror', (error) => console.log('app error:', error.message));
  const before = (await smsBodies(page, 'mario.rossi'))[0];
  await page.goto(`${APP_ORIGIN}/diario/launch.html`);
  await expect(page.locator('#username')).toBeVisible();
  await page.locator('#username').fill('mario.rossi');
  await page.locator('#password').fill('Dossier2026!');
  await page.locator('form button[type="submit"]').click();
  await page.locator('#code').fill(await newSmsCode(page, 'mario.rossi', before));
  await page.locator('form button[type="submit"]').first().click();

  await expect(page.getByRole('heading', { name: 'Collegare «Diario Salute»?' })).toBeVisible();
  await expect(page.getByText('Esami e misurazioni')).toBeVisible();
  await expect(page.getByText('Il fascicolo di Mario Rossi')).toBeVisible();
  const audit = new Audit();
  await audit.check(page, 'consent (it)');
  await photograph(page, 'it-consent');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Connect “Diario Salute”?' })).toBeVisible();
  await audit.check(page, 'consent (en)');
  await photograph(page, 'en-consent');
  await page.getByRole('button', { name: 'Allow', exact: true }).click();

  await expect(page.locator('#out')).toHaveText('ready', { timeout: 20_000 });
  const readings = (await page.evaluate(
    () => (window as unknown as { readings: Record<string, unknown> }).readings,
  )) as {
    patientId: string;
    observations: number;
    documents: number;
    fhirUser: string;
  };
  expect(readings.fhirUser).toBe(`Patient/${readings.patientId}`);
  expect(readings.observations).toBeGreaterThan(0);
  expect(readings.documents).toBeGreaterThan(0);

  // Mario, in the portal, finds the app and revokes it.
  // The same browser: his sign-in at the identity provider is still there, so the portal opens without one.
  const portal = await context.newPage();
  await portal.goto('/');
  await expect(portal.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible({ timeout: 20_000 });
  await portal.goto('/security/apps');
  await expect(portal.getByRole('heading', { name: 'Diario Salute' })).toBeVisible();
  await expect(portal.getByText('Fascicolo di Mario Rossi')).toBeVisible();
  await audit.check(portal, 'connected apps');
  await photograph(portal, 'it-connected-apps');
  await chooseLanguage(portal, 'en');
  await portal.reload();
  await expect(portal.getByText('Dossier of Mario Rossi')).toBeVisible();
  await photograph(portal, 'en-connected-apps');
  await chooseLanguage(portal, 'it');
  await portal.reload();
  await portal.getByText("Revoca l'accesso", { exact: true }).click();
  await portal.getByRole('button', { name: 'Revoca', exact: true }).click();
  await expect(portal.getByRole('heading', { name: 'Nessuna app collegata' })).toBeVisible();

  // The app's next read (and its refresh) fails.
  const next = await page.evaluate(async (id) => {
    const client = (window as unknown as { smartClient: { request: (url: string) => Promise<unknown> } })
      .smartClient;
    return client.request(`Patient/${id}`).then(
      () => 'read',
      (error: { status?: number; message: string }) => `refused ${error.status ?? ''} ${error.message}`,
    );
  }, readings.patientId);
  expect(next).toMatch(/^refused 401/);
  // The treatment history names the app for each of its reads.
  await portal.goto(`/datahistory/${readings.patientId}`);
  await expect(
    portal.getByRole('heading', { name: /^Diario Salute, per conto di Mario Rossi/ }).first(),
  ).toBeVisible();
  await audit.check(portal, 'history with the app');
  audit.assertClean();
  await new Promise<void>((resolve) => app.close(() => resolve()));
});

test('an administrator sees the registered apps and the register form', async ({ page }) => {
  await login(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.goto('/admin/apps');
  await expect(page.getByRole('heading', { name: 'Diario Salute' })).toBeVisible();
  await expect(page.getByText('http://localhost:9876/diario/app.html')).toBeVisible();
  await page.getByText('Registra', { exact: true }).click();
  await expect(page.locator('#app-name-error')).toHaveText('Campo obbligatorio');
  const audit = new Audit();
  await audit.check(page, 'registered apps with a field error');
  await photograph(page, 'it-registered-apps');
  await chooseLanguage(page, 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Diario Salute' })).toBeVisible();
  await photograph(page, 'en-registered-apps');
  audit.assertClean();
});
