import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announce } from '../../api/live-events';
import type { RecordExport } from '../../contract/export';
import type { CurrentUser } from '../../contract/user';
import { activateLocale, loadCatalogArea } from '../../i18n/i18n';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { confirmAtom } from '../../ui/confirm-dialog';
import { toastQueueAtom } from '../../ui/toasts';
import { ExportPage } from './export-page';

let store: AppStore;
const patientId = PATIENT_MARIO.patientId ?? 0;
const GUEST: CurrentUser = { ...PATIENT_MARIO, id: 7, userType: 'GUE', displayName: 'Sara Rossi' };

const queued: RecordExport = {
  id: 7,
  state: 'queued',
  createdAt: '2026-12-07T09:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  documentsTotal: null,
  documentsDone: 0,
  documentsOffline: 0,
  bytes: null,
};
const running: RecordExport = { ...queued, state: 'running', documentsTotal: 120, documentsDone: 23 };
const ready: RecordExport = {
  ...running,
  state: 'ready',
  documentsDone: 120,
  finishedAt: '2026-12-07T09:04:00.000Z',
  expiresAt: '2026-12-14T09:04:00.000Z',
  bytes: 13_002_342,
  documentsOffline: 2,
};

function Where(): JSX.Element {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderPage(user: CurrentUser = PATIENT_MARIO): void {
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/export']}>
            <Routes>
              <Route path="/export" element={<ExportPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const list =
  (...exports: RecordExport[]) =>
  () =>
    json({ exports });
const clicked: HTMLAnchorElement[] = [];

beforeEach(async () => {
  store = freshApp();
  await signIn();
  await activateLocale('it');
  clicked.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/export', () => {
  it('explains what the archive holds and prepares one for the patient, then shows its progress', async () => {
    const server = fakeServer({
      'GET /api/exports': list(),
      'POST /api/exports': () => json(queued, 201),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nessun archivio pronto' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scarica il mio fascicolo');
    const contents = screen.getByRole('region', { name: 'Cosa contiene' });
    expect(within(contents).getByText(/in una cartella per anno/)).toBeTruthy();
    expect(within(contents).getByText(/resta disponibile per 7 giorni/)).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/api/exports')?.search.get('patientId')).toBe(
      String(patientId),
    );

    const inner = fetch;
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.method === 'POST') bodies.push(await input.clone().json());
      return inner(input, init);
    });
    fireEvent.click(screen.getByText("Prepara l'archivio"));
    expect(await screen.findByRole('heading', { name: "Preparazione dell'archivio" })).toBeTruthy();
    expect(bodies).toEqual([{ patientId }]);
    expect(screen.getByText('In attesa di iniziare…')).toBeTruthy();
    // The button pressed is gone: the focus goes to the new card's heading, not to the page body.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Preparazione dell'archivio"));
  });

  it('shows a running archive as "23 di 120 documenti" and follows the live topic until it is ready', async () => {
    let current: RecordExport = running;
    fakeServer({ 'GET /api/exports': () => json({ exports: [current] }) });
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: "Avanzamento dell'archivio" });
    expect(screen.getByText('23 di 120 documenti').getAttribute('aria-live')).toBe('polite');
    expect(bar.getAttribute('aria-valuetext')).toBe('23 di 120 documenti');
    expect((bar as HTMLElement & { value: number }).value).toBeCloseTo(23 / 120);

    current = ready;
    announce(['exports']);
    expect(await screen.findByRole('heading', { name: "L'archivio è pronto" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe("L'archivio è pronto da scaricare."),
    );
  });

  it('offers a ready archive with its size, until when, and what it leaves out', async () => {
    fakeServer({ 'GET /api/exports': list(ready) });
    renderPage();
    expect(await screen.findByText('Scarica (12,4 MB)')).toBeTruthy();
    expect(screen.getByText(/^Disponibile fino al 14\/12\/2026/)).toBeTruthy();
    expect(screen.getByText(/2 documenti conservati offline non sono inclusi/)).toBeTruthy();
    const toDossier = screen.getByText('Vai al dossier').closest('ion-button');
    expect(toDossier?.getAttribute('router-link')).toBe('/dossier');
  });

  it('speaks English with English digits once English is chosen', async () => {
    await loadCatalogArea('export');
    await activateLocale('en');
    fakeServer({ 'GET /api/exports': list(ready) });
    renderPage();
    expect(await screen.findByText('Download (12.4 MB)')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Download my record');
    expect(screen.getByText(/^Available until 12\/14\/2026/)).toBeTruthy();
    expect(screen.getByRole('region', { name: "What's inside" })).toBeTruthy();
  });

  it('downloads by sending the browser to the address the server gives, not through a Blob', async () => {
    const objectUrl = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: objectUrl }));
    const server = fakeServer({
      'GET /api/exports': list(ready),
      'POST /api/exports/7/download': () => json({ url: '/api/exports/file/7.1765098000.abc' }),
    });
    renderPage();
    fireEvent.click(await screen.findByText('Scarica (12,4 MB)'));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(new URL(clicked[0]?.href ?? '').pathname).toBe('/api/exports/file/7.1765098000.abc');
    expect(clicked[0]?.hasAttribute('download')).toBe(true);
    expect(objectUrl).not.toHaveBeenCalled();
    expect(server.requests.some((r) => r.path === '/api/exports/file/7.1765098000.abc')).toBe(false);
  });

  it('deletes an archive only after the confirmation', async () => {
    const server = fakeServer({
      'GET /api/exports': list(ready),
      'DELETE /api/exports/7': () => new Response(null, { status: 204 }),
    });
    renderPage();
    fireEvent.click(await screen.findByText('Elimina'));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    expect(store.get(confirmAtom)?.destructive).toBe(true);
    store.get(confirmAtom)?.resolve(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByText('Elimina'));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(true);
    expect(await screen.findByRole('heading', { name: 'Nessun archivio pronto' })).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/exports/7',
    ]);
  });

  it('says when the preparation failed and tries again', async () => {
    const server = fakeServer({
      'GET /api/exports': list({ ...running, state: 'failed', finishedAt: '2026-12-07T09:02:00.000Z' }),
      'POST /api/exports': () => json({ ...queued, id: 8 }, 201),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: "Non è stato possibile preparare l'archivio" }),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Riprova'));
    expect(await screen.findByText('In attesa di iniziare…')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('says when the day\'s archives are all made, instead of "try again in a moment"', async () => {
    fakeServer({
      'GET /api/exports': list(),
      'POST /api/exports': () => json({ status: 429, code: 'RATE_LIMITED', message: '' }, 429),
    });
    renderPage();
    fireEvent.click(await screen.findByText("Prepara l'archivio"));
    await waitFor(() =>
      expect(store.get(toastQueueAtom).map((toast) => i18n._(toast.message))).toEqual([
        'Per oggi hai già preparato troppi archivi: potrai prepararne un altro domani.',
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Nessun archivio pronto' })).toBeTruthy();
  });

  it('lists an older archive still downloadable, and says when the newest is gone', async () => {
    const older = { ...ready, id: 3, finishedAt: '2026-12-02T09:00:00.000Z' };
    const gone = { ...ready, id: 5, state: 'expired' as const, finishedAt: '2026-11-20T09:00:00.000Z' };
    fakeServer({ 'GET /api/exports': list(gone, older, { ...gone, id: 1 }) });
    renderPage();
    expect(await screen.findByText(/L'archivio del 20\/11\/2026 non è più disponibile/)).toBeTruthy();
    const previous = screen.getByRole('region', { name: 'Archivi precedenti' });
    expect(within(previous).getAllByRole('region')).toHaveLength(1);
    expect(within(previous).getByText('Archivio del 02/12/2026')).toBeTruthy();
    expect(within(previous).getByText('Elimina')).toBeTruthy();
  });

  it('tells a guest without the download right why, and asks nothing of the server', async () => {
    const server = fakeServer({
      'GET /api/guests/grants': () =>
        json({
          grants: [
            {
              patientId,
              patientName: 'Mario Rossi',
              relationship: 'son',
              accessTitle: { code: 'delegation', desc: 'Delega' },
              deadline: '2027-01-01',
              rights: ['dossier'],
              sharedDocuments: 0,
            },
          ],
        }),
    });
    renderPage(GUEST);
    expect(
      await screen.findByText('Per scaricare il fascicolo serve il permesso di scaricare i documenti.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scarica il fascicolo');
    expect(server.requests.some((r) => r.path === '/api/exports')).toBe(false);
  });

  it('sends staff home', async () => {
    fakeServer({});
    renderPage(PHYSICIAN_VERDI);
    expect((await screen.findByTestId('where')).textContent).toBe('/home');
  });
});
