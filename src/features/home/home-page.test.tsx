import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestHome, PatientHome, StaffHome } from '../../contract/home';
import type { CurrentUser } from '../../contract/user';
import { activateLocale } from '../../i18n/i18n';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { MARIO_ROSSI, PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { HomePage } from './home-page';

let store: AppStore;
const patientId = PATIENT_MARIO.patientId ?? 0;
const emptyPatientHome: PatientHome = {
  role: 'PATIENT',
  patientId,
  since: '2026-11-20T09:00:00.000Z',
  consentsToSign: 0,
  requests: [],
  uploadsReviewed: [],
  newDocuments: 0,
  guestsEnding: [],
  pairToRead: null,
};

function renderHome(user: CurrentUser): void {
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/home']}>
            <HomePage />
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

/** The link of the waiting line that reads `text`. */
const lineHref = (text: string | RegExp): string | null =>
  screen.getByText(text).closest('ion-item')?.getAttribute('router-link') ??
  screen.getByText(text).closest('ion-item')?.getAttribute('href') ??
  null;

beforeEach(async () => {
  store = freshApp();
  await signIn();
  await activateLocale('it');
});
afterEach(() => vi.unstubAllGlobals());

describe('the patient home', () => {
  const patientRoute = { [`GET /api/patients/${patientId}`]: () => json(MARIO_ROSSI) };

  it('shows the loading state until the summary comes', async () => {
    fakeServer({ ...patientRoute, 'GET /api/home': () => new Promise<Response>(() => undefined) });
    renderHome(PATIENT_MARIO);
    expect(await screen.findByText('Caricamento in corso…')).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    fakeServer({ ...patientRoute, 'GET /api/home': () => json(emptyPatientHome) });
    renderHome(PATIENT_MARIO);
    expect(await screen.findByRole('heading', { name: 'Nulla in attesa' })).toBeTruthy();
    expect(screen.getByText(/nessun documento nuovo dal 20\/11\/2026/)).toBeTruthy();
  });

  it('lists what waits, each line leading to its screen', async () => {
    const home: PatientHome = {
      ...emptyPatientHome,
      consentsToSign: 2,
      requests: [{ id: 4, kind: 'MEDICAL_RECORDS', status: 'READY', createdAt: '2026-11-02T10:00:00.000Z' }],
      uploadsReviewed: [
        { id: 8, title: 'Visita esterna', status: 'REJECTED', reviewedAt: '2026-11-21T10:00:00.000Z' },
      ],
      newDocuments: 3,
      guestsEnding: [{ guestId: 5, name: 'Sara Rossi', lastDay: '2026-11-30' }],
    };
    fakeServer({ ...patientRoute, 'GET /api/home': () => json(home) });
    renderHome(PATIENT_MARIO);
    const section = await screen.findByRole('region', { name: 'Cosa ti aspetta' });
    expect(within(section).getByText('2 consensi da firmare')).toBeTruthy();
    expect(lineHref('2 consensi da firmare')).toBe(`/consents/${patientId}`);
    expect(within(section).getByText('Copia di cartella clinica')).toBeTruthy();
    expect(within(section).getByText(/Pronta da ritirare · richiesta del 02\/11\/2026/)).toBeTruthy();
    expect(lineHref('Copia di cartella clinica')).toBe(`/archiverequest/${patientId}`);
    expect(within(section).getByText('Rifiutato dal medico')).toBeTruthy();
    expect(lineHref('Visita esterna')).toBe('/fileUpload');
    expect(within(section).getByText('3 documenti nuovi dal 20/11/2026')).toBeTruthy();
    expect(lineHref('3 documenti nuovi dal 20/11/2026')).toBe('/dossier');
    expect(within(section).getByText(/termina il 30\/11\/2026/)).toBeTruthy();
    expect(lineHref('Sara Rossi')).toBe('/guests');
    expect(screen.queryByText('Nulla in attesa')).toBeNull();
  });

  it("says when the patient's record archive is ready to download, from the export screen's read", async () => {
    const ready = {
      id: 7,
      state: 'ready',
      createdAt: '2026-12-07T09:00:00.000Z',
      finishedAt: '2026-12-07T09:04:00.000Z',
      expiresAt: '2026-12-14T09:04:00.000Z',
      documentsTotal: 120,
      documentsDone: 120,
      documentsOffline: 0,
      bytes: 13_002_342,
    };
    const server = fakeServer({
      ...patientRoute,
      'GET /api/home': () => json(emptyPatientHome),
      'GET /api/exports': () => json({ exports: [ready] }),
    });
    renderHome(PATIENT_MARIO);
    const section = await screen.findByRole('region', { name: 'Cosa ti aspetta' });
    expect(await within(section).findByText('Il tuo fascicolo è pronto da scaricare')).toBeTruthy();
    expect(within(section).getByText(/^Disponibile fino al 14\/12\/2026/)).toBeTruthy();
    expect(lineHref('Il tuo fascicolo è pronto da scaricare')).toBe('/export');
    expect(screen.queryByText('Nulla in attesa')).toBeNull();
    const reads = server.requests.filter((request) => request.path === '/api/exports');
    expect(reads.map((request) => request.search.get('patientId'))).toEqual([String(patientId)]);
  });

  it('shows no archive line while the newest archive is still being prepared', async () => {
    fakeServer({
      ...patientRoute,
      'GET /api/home': () => json(emptyPatientHome),
      'GET /api/exports': () =>
        json({
          exports: [
            {
              id: 8,
              state: 'running',
              createdAt: '2026-12-07T09:00:00.000Z',
              finishedAt: null,
              expiresAt: null,
              documentsTotal: 120,
              documentsDone: 3,
              documentsOffline: 0,
              bytes: null,
            },
          ],
        }),
    });
    renderHome(PATIENT_MARIO);
    expect(await screen.findByRole('heading', { name: 'Nulla in attesa' })).toBeTruthy();
    expect(screen.queryByText('Il tuo fascicolo è pronto da scaricare')).toBeNull();
  });

  it('offers a retry when the summary fails', async () => {
    const server = fakeServer({
      ...patientRoute,
      'GET /api/home': () => json({ status: 500, code: 'GENERIC_ERROR' }, 500),
    });
    renderHome(PATIENT_MARIO);
    expect(await screen.findByText('Impossibile caricare i dati', {}, { timeout: 4000 })).toBeTruthy();
    // Riprova asks again: a second GET /home.
    fireEvent.click(screen.getByText('Riprova'));
    await waitFor(() =>
      expect(server.requests.filter((request) => request.path === '/api/home')).toHaveLength(2),
    );
  });
});

describe('the guest home', () => {
  it('says whose documents, as what, until when and how many', async () => {
    const home: GuestHome = {
      role: 'GUEST',
      since: '2026-11-20T09:00:00.000Z',
      grants: [
        {
          patientId,
          patientName: 'Mario Rossi',
          accessTitle: 'Delega',
          lastDay: '2027-11-22',
          visibleDocuments: 12,
          newDocuments: 1,
        },
      ],
    };
    fakeServer({ 'GET /api/home': () => json(home) });
    renderHome({ ...PATIENT_MARIO, id: 9, userType: 'GUE', displayName: 'Sara Rossi' });
    expect(await screen.findByText('Vedi i documenti di Mario Rossi')).toBeTruthy();
    expect(screen.getByText('Delega, fino al 22/11/2027 compreso.')).toBeTruthy();
    expect(screen.getByText(/12 documenti visibili/)).toBeTruthy();
    expect(screen.getByText(/1 nuovo/)).toBeTruthy();
    expect(lineHref('Vedi i documenti di Mario Rossi')).toBe('/dossier');
  });

  it('says when no access is left', async () => {
    fakeServer({
      'GET /api/home': () => json({ role: 'GUEST', since: '2026-11-20T09:00:00.000Z', grants: [] }),
    });
    renderHome({ ...PATIENT_MARIO, id: 9, userType: 'GUE', displayName: 'Sara Rossi' });
    expect(await screen.findByRole('heading', { name: 'Nessun accesso attivo' })).toBeTruthy();
  });
});

describe('the staff home', () => {
  const count = () => json({ patientList: [], paging: { totalCount: 4, totalPage: 4, max: 1, offset: 0 } });

  it('lists the patients waiting on a physician', async () => {
    const home: StaffHome = {
      role: 'STAFF',
      uploadsToReview: 2,
      waitingPatients: [{ patientId, patientName: 'Mario Rossi', uploadsToReview: 2 }],
    };
    fakeServer({ 'GET /api/home': () => json(home), 'GET /api/patients': count });
    renderHome(PHYSICIAN_VERDI);
    expect(await screen.findByText('2 documenti da approvare')).toBeTruthy();
    expect(lineHref('Mario Rossi')).toBe('/fileUpload');
  });

  it('says when no patient waits', async () => {
    fakeServer({
      'GET /api/home': () => json({ role: 'STAFF', uploadsToReview: 0, waitingPatients: [] }),
      'GET /api/patients': count,
    });
    renderHome(PHYSICIAN_VERDI);
    expect(await screen.findByRole('heading', { name: 'Nessun paziente in attesa' })).toBeTruthy();
  });
});
