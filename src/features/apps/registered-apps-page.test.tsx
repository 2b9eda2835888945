import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisteredApp } from '../../contract/apps';
import type { CurrentUser } from '../../contract/user';
import { activateLocale } from '../../i18n/i18n';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { confirmAtom } from '../../ui/confirm-dialog';
import { RegisteredAppsPage } from './registered-apps-page';

let store: AppStore;
const ADMIN: CurrentUser = { ...PHYSICIAN_VERDI, id: 9, userType: 'ADM', displayName: 'Amministratore' };
const diary: RegisteredApp = {
  id: 1,
  clientId: 'diario-salute',
  name: 'Diario Salute',
  redirectUris: ['http://localhost:9876/diario/app.html'],
  confidential: false,
  createdAt: '2026-12-01T09:00:00.000Z',
  disabledAt: null,
};

function renderPage(): void {
  store.set(currentUserAtom, ADMIN);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/admin/apps']}>
            <Routes>
              <Route path="/admin/apps" element={<RegisteredAppsPage />} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(async () => {
  store = freshApp();
  await signIn();
  await activateLocale('it');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/apps', () => {
  it('lists the registered apps with their client id and redirect URIs', async () => {
    fakeServer({ 'GET /api/admin/apps': () => json({ items: [diary] }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Diario Salute' })).toBeTruthy();
    expect(screen.getByText('diario-salute')).toBeTruthy();
    expect(screen.getByText('http://localhost:9876/diario/app.html')).toBeTruthy();
  });

  it('says what is wrong before sending, field by field', async () => {
    const server = fakeServer({ 'GET /api/admin/apps': () => json({ items: [] }) });
    renderPage();
    await screen.findByText('Nessuna app registrata.');
    type('Indirizzi di ritorno (uno per riga)', 'http://app.example/cb');
    fireEvent.click(screen.getByText('Registra', { selector: 'ion-button' }));
    expect(await screen.findByText('Campo obbligatorio', { selector: '#app-name-error' })).toBeTruthy();
    expect(screen.getByText(/Ogni indirizzo deve essere https/)).toBeTruthy();
    expect(screen.getByLabelText("Nome dell'app").getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of a name taken on its field", async () => {
    fakeServer({
      'GET /api/admin/apps': () => json({ items: [diary] }),
      'POST /api/admin/apps': () =>
        json(
          { status: 400, code: 'BAD_REQUEST', message: 'x', fields: [{ field: 'name', code: 'taken' }] },
          400,
        ),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Diario Salute' });
    type("Nome dell'app", 'diario salute');
    type('Indirizzi di ritorno (uno per riga)', 'https://diario.example/cb');
    fireEvent.click(screen.getByLabelText('Pubblica: nel browser o sul telefono, senza segreto (PKCE)'));
    fireEvent.click(screen.getByText('Registra', { selector: 'ion-button' }));
    expect(await screen.findByText("Un'altra app ha già questo nome")).toBeTruthy();
  });

  it('registers a confidential app and shows its secret once, to copy', async () => {
    const app: RegisteredApp = {
      ...diary,
      id: 2,
      clientId: 'app_x',
      name: 'Studio',
      confidential: true,
      redirectUris: ['https://studio.example/cb'],
    };
    fakeServer({
      'GET /api/admin/apps': () => json({ items: [] }),
      'POST /api/admin/apps': () => json({ app, clientSecret: 'segreto-di-prova' }, 201),
    });
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    renderPage();
    await screen.findByText('Nessuna app registrata.');
    type("Nome dell'app", 'Studio');
    type('Indirizzi di ritorno (uno per riga)', 'https://studio.example/cb');
    fireEvent.click(screen.getByLabelText('Riservata: con un segreto custodito sul suo server'));
    fireEvent.click(screen.getByText('Registra', { selector: 'ion-button' }));
    expect(await screen.findByRole('heading', { name: 'Studio è registrata' })).toBeTruthy();
    expect((screen.getByLabelText('Segreto del client') as HTMLInputElement).value).toBe('segreto-di-prova');
    fireEvent.click(screen.getByText('Copia il segreto'));
    await waitFor(() => expect(written).toEqual(['segreto-di-prova']));
    fireEvent.click(screen.getByText('Fatto'));
    await waitFor(() => expect(screen.queryByLabelText('Segreto del client')).toBeNull());
  });

  it('disables an app after the confirmation', async () => {
    const server = fakeServer({
      'GET /api/admin/apps': () => json({ items: [diary] }),
      'POST /api/admin/apps/1/disable': () => json({ ...diary, disabledAt: '2026-12-08T10:00:00.000Z' }),
    });
    renderPage();
    fireEvent.click(await screen.findByText('Disattiva', { selector: 'ion-button' }));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(true);
    expect(await screen.findByText(/Disattivata il 08\/12\/2026/)).toBeTruthy();
    expect(
      server.requests.filter((request) => request.method === 'POST').map((request) => request.path),
    ).toEqual(['/api/admin/apps/1/disable']);
  });
});
