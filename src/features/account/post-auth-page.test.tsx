import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { User, UserManager } from 'oidc-client-ts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../auth/logout';
import { loggedInAtom } from '../../auth/session';
import { consentContextAtom, currentPatientAtom, currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { MARIO_ROSSI, PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { PostAuthPage } from './post-auth-page';

vi.mock('../../auth/logout', () => ({ logout: vi.fn(async () => undefined), isLoggingOut: () => false }));

let store: AppStore;

function renderAt(path: string, state?: unknown): void {
  const [pathname, query] = path.split('?');
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[{ pathname, search: query ? `?${query}` : '', state }]}>
            <Routes>
              <Route path="/postAuth" element={<PostAuthPage />} />
              <Route path="/home" element={<h1>Home</h1>} />
              <Route path="/login" element={<h1>Login</h1>} />
              <Route path="/patientInfo/:patientId" element={<h1>Dati anagrafici</h1>} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

function denied(code: 0 | 1 | 2): Response {
  return json(
    {
      status: 403,
      code,
      message: 'Consenso richiesto',
      patient: {
        mepiId: MARIO_ROSSI.mepiId,
        masterId: MARIO_ROSSI.masterId,
        favorite: false,
        name: 'Mario',
        surname: 'Rossi',
        sex: 'M',
        birthDate: MARIO_ROSSI.birthDate,
        fiscalCode: MARIO_ROSSI.fiscalCode,
        positionStatus: { merged: false, alive: true },
      },
      authentication_method: 'spid',
    },
    403,
  );
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
  store.set(loggedInAtom, true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(logout).mockClear();
});

describe('/postAuth', () => {
  it('sends someone who is not logged in to the login', async () => {
    store.set(loggedInAtom, false);
    renderAt('/postAuth');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
  });

  it('brings a patient home with their own record loaded', async () => {
    fakeServer({
      'GET /api/me': () => json(PATIENT_MARIO),
      'GET /api/patients/1001': () => json(MARIO_ROSSI),
    });
    renderAt('/postAuth', { returnPath: '/patientInfo/1001' });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(store.get(currentUserAtom)).toEqual(PATIENT_MARIO);
    expect(store.get(currentPatientAtom)?.patient?.surname).toBe('Rossi');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(PATIENT_MARIO);
  });

  it('brings staff back to the page they were going to', async () => {
    fakeServer({ 'GET /api/me': () => json(PHYSICIAN_VERDI) });
    renderAt('/postAuth', { returnPath: '/patientInfo/1001' });
    expect(await screen.findByRole('heading', { name: 'Dati anagrafici' })).toBeTruthy();
  });

  it('brings staff home when nothing was kept', async () => {
    fakeServer({ 'GET /api/me': () => json(PHYSICIAN_VERDI) });
    renderAt('/postAuth');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('finishes the identity provider callback once and follows its kept path', async () => {
    const user = new User({
      access_token: 'a',
      token_type: 'Bearer',
      profile: { sub: 's', iss: 'i', aud: 'portal', exp: 0, iat: 0 },
      userState: { returnPath: '/patientInfo/1001' },
    });
    const callback = vi.spyOn(UserManager.prototype, 'signinRedirectCallback').mockResolvedValue(user);
    store.set(loggedInAtom, false);
    fakeServer({ 'GET /api/me': () => json(PHYSICIAN_VERDI) });
    renderAt('/postAuth?code=abc&state=xyz');
    expect(await screen.findByRole('heading', { name: 'Dati anagrafici' })).toBeTruthy();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it.each([0, 2] as const)(
    '403 code %i: keeps the consent context and blocks with a logout button',
    async (code) => {
      fakeServer({ 'GET /api/me': () => denied(code) });
      renderAt('/postAuth');
      expect(await screen.findByRole('heading', { name: 'Consenso al dossier richiesto' })).toBeTruthy();
      expect(screen.getByText('Paziente: Mario Rossi')).toBeTruthy();
      const context = { code, medium: 'digital', signer: 'self', authentication_method: 'spid' };
      expect(store.get(consentContextAtom)).toMatchObject(context);
      expect(JSON.parse(localStorage.getItem('currentConsent') ?? 'null')).toMatchObject(context);
      screen.getByText('Esci').click();
      expect(logout).toHaveBeenCalled();
    },
  );

  it('403 code 1: logs out of the identity provider', async () => {
    fakeServer({ 'GET /api/me': () => denied(1) });
    renderAt('/postAuth');
    expect(await screen.findByText('Uscita in corso…')).toBeTruthy();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(store.get(consentContextAtom)).toBeNull();
  });
});
