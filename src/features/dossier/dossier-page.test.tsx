import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedInAtom } from '../../auth/session';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { DOCUMENT_TYPES, documentOf, LOCATIONS, listOf, PROVENANCES } from '../../test/documents.fixtures';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import type { FakeRequest } from '../../test/helpers';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { toastQueueAtom } from '../../ui/toasts';
import { renderDossier, setWide, stubCacheStorage } from './dossier-test-kit';

vi.mock('../../session/sign-out', () => ({
  logout: vi.fn(async () => undefined),
  isLoggingOut: () => false,
}));

let store: AppStore;

const REFERENCE = {
  'GET /api/documentTypes': () => json(DOCUMENT_TYPES),
  'GET /api/provenances': () => json(PROVENANCES),
  'GET /api/patientCurrentLocations': () => json(LOCATIONS),
};

function listCalls(requests: FakeRequest[]): FakeRequest[] {
  return requests.filter((request) => request.path === '/api/documents');
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
  store.set(loggedInAtom, true);
  store.set(currentUserAtom, PATIENT_MARIO);
  setWide(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dossier', () => {
  it('shows the patient their documents as cards on a phone', async () => {
    const server = fakeServer({ ...REFERENCE, 'GET /api/documents': () => json(listOf([documentOf(1)])) });
    renderDossier(store);
    const cards = await screen.findByRole('list', { name: 'Documenti del dossier' });
    expect(within(cards).getByRole('button', { name: 'Referto 1' })).toBeTruthy();
    expect(within(cards).getByText('Disponibile')).toBeTruthy();
    expect(within(cards).getByText('Esami di laboratorio')).toBeTruthy();
    const sent = listCalls(server.requests)[0]?.search;
    expect(sent?.get('patientId')).toBe(String(PATIENT_MARIO.patientId));
    expect(sent?.get('context')).toBe('list');
  });

  it('shows a table with headers on a tablet, sortable by date', async () => {
    setWide(true);
    fakeServer({
      ...REFERENCE,
      'GET /api/documents': () =>
        json(
          listOf([
            documentOf(1, { docCreationDateTime: '2024-01-01T10:00:00.000Z' }),
            documentOf(2, { docCreationDateTime: '2024-06-01T10:00:00.000Z' }),
          ]),
        ),
    });
    renderDossier(store);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Disponibilità/ })).toBeTruthy();
    const firstTitle = (): string | undefined =>
      within(table).getAllByRole('button', { name: /^Referto/ })[0]?.textContent ?? undefined;
    expect(firstTitle()).toBe('Referto 2');
    fireEvent.click(within(table).getByRole('button', { name: /ordina dal meno recente/ }));
    expect(firstTitle()).toBe('Referto 1');
  });

  it('sends staff without a patient to /myPatients', async () => {
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    fakeServer({});
    renderDossier(store);
    expect(await screen.findByRole('heading', { name: 'I miei pazienti' })).toBeTruthy();
  });

  it('hides the title of an unreadable document; a physician still sees its type', async () => {
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    fakeServer({
      ...REFERENCE,
      'GET /api/documents': () => json(listOf([documentOf(3, { viewable: false })])),
    });
    renderDossier(store, '/dossier/1001');
    expect(await screen.findByText('Documento non leggibile')).toBeTruthy();
    expect(screen.queryByText('Referto 3')).toBeNull();
    expect(screen.getByText('Esami di laboratorio')).toBeTruthy();
  });

  it('says the dossier is empty, and differently when the filters match nothing', async () => {
    fakeServer({
      ...REFERENCE,
      'GET /api/documents': (request) =>
        json(listOf([], { noDocumentsInDossier: !request.search.has('documentType') })),
    });
    renderDossier(store);
    expect(await screen.findByText('Nessun documento nel dossier')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Filtri'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Referto radiologico' }));
    fireEvent.click(screen.getByText('Applica'));
    expect(await screen.findByText('Nessun documento corrisponde ai filtri scelti')).toBeTruthy();
  });

  it('filters by type, shows the chip and removes it with one tap', async () => {
    const server = fakeServer({ ...REFERENCE, 'GET /api/documents': () => json(listOf([documentOf(1)])) });
    renderDossier(store);
    await screen.findByRole('list', { name: 'Documenti del dossier' });
    fireEvent.click(screen.getByLabelText('Filtri'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Referto radiologico' }));
    fireEvent.click(screen.getByText('Applica'));
    await waitFor(() =>
      expect(listCalls(server.requests).at(-1)?.search.getAll('documentType')).toEqual(['RAD']),
    );
    const chip = await screen.findByRole('button', { name: 'Rimuovi il filtro Referto radiologico' });
    fireEvent.click(chip);
    await waitFor(() => expect(listCalls(server.requests).at(-1)?.search.has('documentType')).toBe(false));
  });

  it('refuses an inverted period before calling, and shows the server refusal keeping the filters', async () => {
    const server = fakeServer({
      ...REFERENCE,
      'GET /api/documents': (request) =>
        request.search.has('dateFrom')
          ? json(
              {
                status: 400,
                code: 'BAD_REQUEST',
                message: 'x',
                fields: [{ field: 'dateFrom', code: 'invalidPeriod' }],
              },
              400,
            )
          : json(listOf([documentOf(1)])),
    });
    renderDossier(store);
    await screen.findByRole('list', { name: 'Documenti del dossier' });
    fireEvent.click(screen.getByLabelText('Filtri'));
    fireEvent.change(await screen.findByLabelText('Dal'), { target: { value: '2024-05-10' } });
    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '2024-05-01' } });
    expect(screen.getByRole('alert').textContent).toContain('Il periodo di date inserito non è corretto');
    const calls = listCalls(server.requests).length;
    fireEvent.click(screen.getByText('Applica'));
    expect(listCalls(server.requests)).toHaveLength(calls);

    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '2024-05-20' } });
    fireEvent.click(screen.getByText('Applica'));
    expect(await screen.findByText(/Il periodo di date inserito non è corretto/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rimuovi il filtro Dal 10/05/2024' })).toBeTruthy();
    expect(store.get(toastQueueAtom)).toEqual([]);
  });

  it('restores an offline document and polls every 5 s until it is online', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const offline = documentOf(5, { status: 'OFFLINE' });
    fakeServer({
      ...REFERENCE,
      'GET /api/documents': () => json(listOf([offline])),
      'PUT /api/documents/5/restore': () => json({ ...offline, status: 'RESTORING' }),
      'GET /api/documents/5': () => json({ ...offline, status: 'ONLINE' }),
    });
    renderDossier(store);
    fireEvent.click(await screen.findByLabelText('Recupera il documento Referto 5'));
    expect(await screen.findByText('Recupero in corso')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Disponibile')).toBeTruthy();
  });

  it('hides the images icon for NOTFOUND and only logs a failed status lookup', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const withImages = { showDicom: true, dicomStatus: null };
    fakeServer({
      ...REFERENCE,
      'GET /api/documents': () =>
        json(
          listOf([
            documentOf(1, { ...withImages, accessionNumber: 'ACC1' }),
            documentOf(2, { ...withImages, accessionNumber: 'ACC2', dicomStatus: 'NOTFOUND' }),
            documentOf(4, { ...withImages, accessionNumber: 'ACC4' }),
            documentOf(3, { ...withImages, accessionNumber: 'ACC3' }),
          ]),
        ),
      'GET /api/studies/ACC1/status': () => json({ status: 'ONLINE' }),
      'GET /api/studies/ACC2/status': () => json({ status: 'ONLINE' }),
      'GET /api/studies/ACC3/status': () => json({ status: 500, code: 'INTERNAL', message: 'x' }, 500),
    });
    renderDossier(store);
    const shown = (): string[] =>
      [...document.querySelectorAll('[data-dicom-status]')].map(
        (e) => e.getAttribute('data-dicom-status') ?? '',
      );
    await waitFor(() => expect(shown()).toEqual(['ONLINE', 'unknown']));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('DICOM status lookup failed', 'ACC3', expect.anything()),
    );
    expect(shown()).toEqual(['ONLINE', 'unknown']); // ACC2 and ACC4 (404) are NOTFOUND: no icon
    expect(store.get(toastQueueAtom)).toEqual([]);
  });

  it('offline, shows the last list stored for this user with the time it was received', async () => {
    stubCacheStorage();
    fakeServer({ ...REFERENCE, 'GET /api/documents': () => json(listOf([documentOf(7)])) });
    renderDossier(store);
    await screen.findByRole('button', { name: 'Referto 7' });
    await waitFor(async () => expect(await caches.has(`dossier-${PATIENT_MARIO.id}`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));

    cleanup();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderDossier(store);
    expect(
      await screen.findByText(/Sei offline: elenco aggiornato al \d\d\/\d\d\/\d{4} \d\d:\d\d/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Referto 7' })).toBeTruthy();
  });
});
