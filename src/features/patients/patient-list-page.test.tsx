import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../state/store';
import { MARIO_ROSSI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { PatientListPage } from './patient-list-page';

let store: AppStore;

const summary = {
  mepiId: MARIO_ROSSI.mepiId,
  masterId: MARIO_ROSSI.masterId,
  favorite: false,
  name: 'Mario',
  surname: 'Rossi',
  sex: 'M',
  birthDate: MARIO_ROSSI.birthDate,
  fiscalCode: MARIO_ROSSI.fiscalCode,
  positionStatus: { merged: false, alive: true },
};
const page = { patients: [summary], paging: { totalCount: 1, totalPage: 1, max: 20, offset: 0 } };

function renderList(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter>
            <PatientListPage />
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/patients favourite star', () => {
  it('marks a favourite at once and keeps it when the server agrees', async () => {
    const server = fakeServer({
      'GET /api/patients': () => json(page),
      'PUT /api/patients/1001/favorites': () => json({ favorite: true }),
    });
    renderList();
    fireEvent.click(await screen.findByLabelText('Aggiungi Rossi Mario ai preferiti'));
    expect(await screen.findByLabelText('Togli Rossi Mario dai preferiti')).toBeTruthy();
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(await screen.findByLabelText('Togli Rossi Mario dai preferiti')).toBeTruthy();
  });

  it('puts the star back when the server refuses', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeServer({
      'GET /api/patients': () => json(page),
      'PUT /api/patients/1001/favorites': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderList();
    fireEvent.click(await screen.findByLabelText('Aggiungi Rossi Mario ai preferiti'));
    expect(await screen.findByLabelText('Togli Rossi Mario dai preferiti')).toBeTruthy();
    answer(json({ status: 500, code: 'INTERNAL', message: 'Errore' }, 500));
    expect(await screen.findByLabelText('Aggiungi Rossi Mario ai preferiti')).toBeTruthy();
  });

  it('filters by surname after a pause in typing', async () => {
    const server = fakeServer({ 'GET /api/patients': () => json(page) });
    renderList();
    await screen.findByText('Rossi Mario');
    fireEvent.change(screen.getByLabelText('Cognome'), { target: { value: 'ros' } });
    await waitFor(() => expect(server.requests.at(-1)?.search.get('surname')).toBe('ros'));
  });
});
