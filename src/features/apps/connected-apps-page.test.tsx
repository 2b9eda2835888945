import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectedApp } from '../../contract/apps';
import { activateLocale, loadCatalogArea } from '../../i18n/i18n';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { confirmAtom } from '../../ui/confirm-dialog';
import { ConnectedAppsPage } from './connected-apps-page';

let store: AppStore;

const diary: ConnectedApp = {
  id: 'a_AAAAAAAAAAAAAAAAAAAAAA',
  name: 'Diario Salute',
  patient: { id: 1, name: 'Mario Rossi' },
  resources: ['Patient', 'Observation'],
  offline: true,
  authorizedAt: '2026-12-01T09:00:00.000Z',
  lastAccessAt: '2026-12-07T15:30:00.000Z',
  reads: 12,
};
const quiet: ConnectedApp = {
  ...diary,
  id: 'a_BBBBBBBBBBBBBBBBBBBBBB',
  name: 'Pressione Facile',
  resources: ['*'],
  offline: false,
  lastAccessAt: null,
  reads: 0,
};

function renderPage(): void {
  store.set(currentUserAtom, PATIENT_MARIO);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/security/apps']}>
            <Routes>
              <Route path="/security/apps" element={<ConnectedAppsPage />} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
  await activateLocale('it');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/security/apps', () => {
  it('lists each app with what it reads, whose dossier, its last access and its reads', async () => {
    fakeServer({ 'GET /api/security/apps': () => json({ items: [diary, quiet] }) });
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Diario Salute' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Fascicolo di Mario Rossi')).toBeTruthy();
    expect(within(card).getByText('Dati anagrafici')).toBeTruthy();
    expect(within(card).getByText('Esami e misurazioni')).toBeTruthy();
    expect(within(card).getByText('12 letture')).toBeTruthy();
    expect(within(card).getByText(/^07\/12\/2026/)).toBeTruthy();
    expect(within(card).getByText(/anche quando non sei collegato/)).toBeTruthy();
    const other = screen.getByRole('heading', { name: 'Pressione Facile' }).closest('li') as HTMLElement;
    expect(within(other).getByText('Tutto il fascicolo')).toBeTruthy();
    expect(within(other).getByText('Non ha ancora letto nulla')).toBeTruthy();
    expect(within(other).getByText('0 letture')).toBeTruthy();
  });

  it('says when no app is connected', async () => {
    fakeServer({ 'GET /api/security/apps': () => json({ items: [] }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nessuna app collegata' })).toBeTruthy();
  });

  it('revokes an app only after the confirmation, and takes it off the list', async () => {
    const server = fakeServer({
      'GET /api/security/apps': () => json({ items: [diary] }),
      [`DELETE /api/security/apps/${diary.id}`]: () => new Response(null, { status: 204 }),
    });
    renderPage();
    fireEvent.click(await screen.findByText("Revoca l'accesso"));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    expect(store.get(confirmAtom)?.destructive).toBe(true);
    store.get(confirmAtom)?.resolve(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByText("Revoca l'accesso"));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(true);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Diario Salute' })).toBeNull());
    expect(
      server.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
    ).toEqual([`/api/security/apps/${diary.id}`]);
  });

  it('speaks English once English is chosen', async () => {
    await loadCatalogArea('apps');
    await activateLocale('en');
    fakeServer({ 'GET /api/security/apps': () => json({ items: [diary] }) });
    renderPage();
    expect(await screen.findByText('Test results and measurements')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connected apps');
    expect(screen.getByText('12 reads')).toBeTruthy();
  });
});
