import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { HistoryPage } from './history-page';

let store: AppStore;

const history = {
  items: [
    {
      id: 1,
      dateTime: '2026-03-02T09:15:00+01:00',
      user: 'Luca Ferrari (Medico curante)',
      userRole: 'PHY',
      treatmentType: 'DOSSIER_VIEW',
      treatmentDesc: 'Consultazione del dossier',
      accessTitle: 'Medico curante',
      documentType: null,
      outcome: 'ALLOWED',
    },
    {
      id: 2,
      dateTime: '2026-03-01T18:00:00+01:00',
      user: 'Anna Neri (Operatore)',
      userRole: 'OPT',
      treatmentType: 'DOCUMENT_VIEW',
      treatmentDesc: 'Visualizzazione documento',
      accessTitle: 'Operatore',
      documentType: { code: 'LAB', desc: 'Esami di laboratorio' },
      outcome: 'DENIED',
    },
  ],
  paging: { totalCount: 2, totalPage: 1, max: 20, offset: 0 },
};

function renderHistory(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/datahistory/1001']}>
            <Routes>
              <Route path="/datahistory/:patientId" element={<HistoryPage />} />
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
  store.set(currentUserAtom, PATIENT_MARIO);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/datahistory', () => {
  it('lists accesses with date, user, activity and refused attempts marked', async () => {
    fakeServer({
      'GET /api/trackingPatientHistory/1001': () => json(history),
      'GET /api/trackingPatientHistory/1001/activities': () =>
        json({ activities: [{ activityId: 'DOSSIER_VIEW', activityDesc: 'Consultazione del dossier' }] }),
      'GET /api/trackingPatientHistory/1001/userRoles': () =>
        json({ userRoles: [{ code: 'PHY', desc: 'Medico' }] }),
      'GET /api/trackingPatientHistory/1001/users': () => json({ users: [{ id: 3, name: 'Luca Ferrari' }] }),
      'GET /api/trackingPatientHistory/1001/docTypes': () => json({ documentTypes: [] }),
    });
    renderHistory();
    expect(await screen.findByText('Luca Ferrari (Medico curante)')).toBeTruthy();
    expect(screen.getByText(/^02\/03\/2026 \d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByText('Rifiutato')).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Consultazione del dossier' })).toBeTruthy();
  });

  it('refuses a period whose start follows its end, then filters by role', async () => {
    const server = fakeServer({ 'GET /api/trackingPatientHistory/1001': () => json(history) });
    renderHistory();
    await screen.findByText('Luca Ferrari (Medico curante)');
    fireEvent.change(screen.getByLabelText('Dal'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '2026-03-01' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filtri dello storico' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Il periodo di date inserito non è corretto');
    const before = server.requests.filter((r) => r.path === '/api/trackingPatientHistory/1001').length;
    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '2026-03-09' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filtri dello storico' }));
    await waitFor(() => {
      const calls = server.requests.filter((r) => r.path === '/api/trackingPatientHistory/1001');
      expect(calls.length).toBe(before + 1);
      expect(calls.at(-1)?.search.get('dateFrom')).toBe('2026-03-05');
    });
  });

  it("asks for others' accesses by default, and for one's own too after the switch", async () => {
    const server = fakeServer({ 'GET /api/trackingPatientHistory/1001': () => json(history) });
    renderHistory();
    await screen.findByText('Luca Ferrari (Medico curante)');
    const calls = () => server.requests.filter((r) => r.path === '/api/trackingPatientHistory/1001');
    expect(calls().length).toBe(1);
    expect(calls()[0]?.search.has('includeOwn')).toBe(false);
    const own = screen.getByRole('switch', { name: 'Mostra anche i miei accessi' }) as HTMLInputElement;
    expect(own.checked).toBe(false);
    fireEvent.click(own);
    await waitFor(() => expect(calls().at(-1)?.search.get('includeOwn')).toBe('true'));
    expect(own.checked).toBe(true);
    fireEvent.click(own);
    await waitFor(() => expect(calls().at(-1)?.search.has('includeOwn')).toBe(false));
  });
});
