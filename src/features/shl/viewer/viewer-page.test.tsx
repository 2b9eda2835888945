import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { CompactEncrypt } from 'jose';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../../state/store';
import { fakeServer, freshApp, json } from '../../../test/helpers';
import { IPS_BUNDLE } from '../../../test/ips.fixtures';
import { ShlViewerPage } from './viewer-page';

let store: AppStore;
const key = crypto.getRandomValues(new Uint8Array(32));
const keyText = btoa(String.fromCharCode(...key))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const manifestPath = `/api/shl/manifests/${'m'.repeat(43)}`;

const DOCUMENTS = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      fullUrl: 'urn:uuid:doc',
      resource: {
        resourceType: 'DocumentReference',
        status: 'current',
        type: { text: 'Referto di laboratorio' },
        date: '2026-10-01T08:00:00Z',
        description: 'Esami del sangue',
        custodian: { display: 'Ospedale Demo' },
        content: [
          { attachment: { contentType: 'application/pdf', url: 'urn:uuid:pdf', title: 'Esami del sangue' } },
        ],
      },
    },
    {
      fullUrl: 'urn:uuid:pdf',
      resource: { resourceType: 'Binary', contentType: 'application/pdf', data: 'JVBERi0=' },
    },
  ],
};

// jsdom's Uint8Array is not the one Node's TextEncoder returns, and jose checks the class.
const encrypt = (content: unknown): Promise<string> =>
  new CompactEncrypt(new Uint8Array(new TextEncoder().encode(JSON.stringify(content))))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' })
    .encrypt(key);

function openAt(flag: string | undefined): void {
  const payload = {
    url: `${window.location.origin}${manifestPath}`,
    key: keyText,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...(flag ? { flag } : {}),
    label: 'Visita a Monaco',
    v: 1,
  };
  const encoded = btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  window.history.replaceState(null, '', `/shl#shlink:/${encoded}`);
}

function renderViewer(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/shl']}>
            <ShlViewerPage />
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

function fillAndOpen(passcode?: string): void {
  fireEvent.change(screen.getByLabelText('Il tuo nome'), { target: { value: 'Dr. Anna Weber' } });
  if (passcode !== undefined)
    fireEvent.change(screen.getByLabelText('Codice di accesso'), { target: { value: passcode } });
  // Ionic's submit button is a custom element jsdom does not click through: the form is submitted.
  fireEvent.submit(document.querySelector('form.shl-open-form') as HTMLFormElement);
}

beforeEach(() => {
  store = freshApp();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/shl', () => {
  it('asks the name and passcode, says the attempts left, then shows the summary and the documents', async () => {
    const bodies: unknown[] = [];
    fakeServer({
      [`POST ${manifestPath}`]: async () =>
        bodies.length === 1
          ? json({ remainingAttempts: 9 }, 401)
          : json({
              files: [
                { contentType: 'application/fhir+json', embedded: await encrypt(IPS_BUNDLE) },
                {
                  contentType: 'application/fhir+json',
                  location: `${window.location.origin}/api/shl/files/t1`,
                },
              ],
            }),
      'GET /api/shl/files/t1': async () => new Response(await encrypt(DOCUMENTS)),
    });
    // What each manifest request sent: the fake server sees paths, not bodies.
    const server = fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
      return server(input, init);
    });
    openAt('P');
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'Visita a Monaco' })).toBeTruthy();
    fillAndOpen('000000');
    expect(await screen.findByText('Codice sbagliato. Restano 9 tentativi.')).toBeTruthy();
    expect(bodies[0]).toEqual({ recipient: 'Dr. Anna Weber', passcode: '000000' });
    fillAndOpen('123456');
    expect(await screen.findByRole('heading', { name: 'Profilo sanitario sintetico' })).toBeTruthy();
    expect(screen.getByText('Ipertensione arteriosa')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Esami del sangue' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Esami del sangue' });
    expect(within(card).getByText('Apri')).toBeTruthy();
    expect(within(card).getByText(/Referto di laboratorio/)).toBeTruthy();
    expect(screen.getByText(/Aperto da Dr. Anna Weber/)).toBeTruthy();
  });

  it('says a revoked link is no longer valid, also when a reload opens it again by itself', async () => {
    let revoked = false;
    const server = fakeServer({
      [`POST ${manifestPath}`]: async () =>
        revoked
          ? json({ error: 'not found' }, 404)
          : json({ files: [{ contentType: 'application/fhir+json', embedded: await encrypt(DOCUMENTS) }] }),
    });
    openAt(undefined);
    renderViewer();
    expect(screen.queryByLabelText('Codice di accesso')).toBeNull();
    fillAndOpen();
    expect(await screen.findByRole('heading', { name: 'Esami del sangue' })).toBeTruthy();
    revoked = true;
    document.body.innerHTML = '';
    renderViewer();
    expect(await screen.findByText('Questo link non è più valido')).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('opens only links of this portal, and says when there is none', async () => {
    fakeServer({});
    window.history.replaceState(null, '', '/shl');
    renderViewer();
    expect(await screen.findByText('Nessun link da aprire')).toBeTruthy();
  });
});
