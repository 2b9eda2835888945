import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { emptyDraft, guestDraftAtom } from './draft';
import { GuestSignPage } from './guest-sign-page';

let store: AppStore;
const userKey = String(PATIENT_MARIO.id);

beforeEach(async () => {
  store = freshApp();
  await signIn();
  store.set(currentUserAtom, PATIENT_MARIO);
  store.set(guestDraftAtom(userKey), {
    ...emptyDraft(),
    step: 'person',
    relationship: 'son',
    accessTitle: 'delegation',
    deadline: '2026-11-22',
    rights: ['download'],
    documentIds: [1],
    person: {
      name: 'Laura',
      surname: 'Bianchi',
      fiscalCode: 'BNCLRA90A41H501X',
      mobilePhone: '+39 333 1234567',
      email: 'l@example.it',
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('/guestwizard/sign', () => {
  it('goes back to the step of a field the server refused, keeping the answers', async () => {
    const server = fakeServer({
      'POST /api/guests/prepareCreate': () =>
        json(
          {
            status: 400,
            code: 'BAD_REQUEST',
            message: 'Richiesta non valida',
            fields: [{ field: 'deadline', code: 'outOfRange' }],
          },
          400,
        ),
    });
    render(
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <IonApp>
            <MemoryRouter initialEntries={['/guestwizard/sign']}>
              <Routes>
                <Route path="/guestwizard/sign" element={<GuestSignPage />} />
                <Route path="/guestwizard" element={<p>wizard</p>} />
              </Routes>
            </MemoryRouter>
          </IonApp>
        </I18nProvider>
      </Provider>,
    );
    expect(await screen.findByText('wizard')).toBeTruthy();
    expect(server.requests.some((request) => request.path === '/api/guests/prepareCreate')).toBe(true);
    await waitFor(() => expect(store.get(guestDraftAtom(userKey))?.step).toBe('deadline'));
    expect(store.get(guestDraftAtom(userKey))?.person.name).toBe('Laura');
  });
});
