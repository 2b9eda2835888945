import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { User, UserManager } from 'oidc-client-ts';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedInAtom } from '../../auth/session';
import { consentContextAtom, currentPatientAtom, currentUserAtom } from '../../session/session-atoms';
import { logout } from '../../session/sign-out';
import { newDraft, signingDraftAtom } from '../../signing/draft';
import type { AppStore } from '../../state/store';
import { MARIO_ROSSI, PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { PostAuthPage } from './post-auth-page';

vi.mock('../../session/sign-out', () => ({
  logout: vi.fn(async () => undefined),
  isLoggingOut: () => false,
}));

let store: AppStore;

function SignTarget(): JSX.Element {
  const location = useLocation();
  return <p data-testid="sign-target">{`${location.pathname}${location.search}`}</p>;
}

/** Where the router is, and a way to go elsewhere as a tap would. */
const goTo: { current: (path: string) => void } = { current: () => undefined };
function Here(): JSX.Element {
  const location = useLocation();
  goTo.current = useNavigate();
  return <p data-testid="here">{location.pathname}</p>;
}

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
              <Route path="/sign-new-consents" element={<SignTarget />} />
              <Route path="/sign-fea-consents" element={<SignTarget />} />
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

  it('brings a patient whose session expired mid-signature back to the same wizard step', async () => {
    fakeServer({
      'GET /api/me': () => json(PATIENT_MARIO),
      'GET /api/patients/1001': () => json(MARIO_ROSSI),
    });
    const wizard = '/sign-new-consents?medium=digital&selectedPatient=1001';
    store.set(signingDraftAtom(String(PATIENT_MARIO.id)), {
      ...newDraft({
        flowId: 'consent:CONS_DOSSIER:give:1001',
        steps: ['form', 'pin', 'code', 'result'],
        doneTo: '/home',
      }),
      step: 'code',
      resumeTo: wizard,
    });
    renderAt('/postAuth');
    expect((await screen.findByTestId('sign-target')).textContent).toBe(wizard);
  });

  it('stays still once it has left /postAuth, though Ionic keeps the page mounted under the next one', async () => {
    const server = fakeServer({
      'GET /api/me': () => json(PATIENT_MARIO),
      'GET /api/patients/1001': () => json(MARIO_ROSSI),
    });
    // The page outside <Routes>, as Ionic's outlet keeps it alive through the transition to /home.
    render(
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <IonApp>
            <MemoryRouter initialEntries={['/postAuth']}>
              <PostAuthPage />
              <Here />
            </MemoryRouter>
          </IonApp>
        </I18nProvider>
      </Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('here').textContent).toBe('/home'));
    // The user's next tap, while the profile would be loading again if the page followed /home.
    act(() => goTo.current('/dossier'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('here').textContent).toBe('/dossier');
    expect(server.requests.filter((request) => request.path === '/api/me')).toHaveLength(1);
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

  it('403 code 0: keeps the consent context and sends the patient to sign the dossier consent', async () => {
    fakeServer({
      'GET /api/me': () => denied(0),
      'GET /api/utilities': () =>
        json({
          mdMkConsensusDossierCode: 'CONS_DOSSIER',
          applicationTitle: 'Dossier Sanitario',
          helpDeskPhone: '800 000 000',
          helpDeskEmail: 'help@example.org',
          serverVersion: '1',
        }),
    });
    renderAt('/postAuth');
    const target = await screen.findByTestId('sign-target');
    const url = new URL(target.textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/sign-new-consents');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      medium: 'digital',
      selectedPatient: String(MARIO_ROSSI.mepiId),
      selectedFiscalCode: MARIO_ROSSI.fiscalCode,
      mediumSelectionRequired: 'true',
      medmakerModel: 'CONS_DOSSIER',
      returnTo: '/postAuth',
    });
    const context = { code: 0, medium: 'digital', signer: 'self' };
    expect(store.get(consentContextAtom)).toMatchObject(context);
    expect(JSON.parse(localStorage.getItem('currentConsent') ?? 'null')).toMatchObject(context);
  });

  it('403 code 2: sends the patient to the advanced-signature consents with the authentication method', async () => {
    fakeServer({ 'GET /api/me': () => denied(2) });
    renderAt('/postAuth');
    const target = await screen.findByTestId('sign-target');
    expect(target.textContent).toBe(
      `/sign-fea-consents?selectedPatient=${MARIO_ROSSI.mepiId}&digitalIdentity=spid`,
    );
    expect(store.get(consentContextAtom)).toMatchObject({ code: 2, authentication_method: 'spid' });
  });

  it('403 without a patient: explains and offers logout', async () => {
    fakeServer({
      'GET /api/me': () =>
        json({ status: 403, code: 0, message: 'x', patient: null, authentication_method: null }, 403),
    });
    renderAt('/postAuth');
    expect(await screen.findByRole('heading', { name: 'Consenso al dossier richiesto' })).toBeTruthy();
    screen.getByText('Esci').click();
    expect(logout).toHaveBeenCalled();
  });

  it('403 code 1: logs out of the identity provider', async () => {
    fakeServer({ 'GET /api/me': () => denied(1) });
    renderAt('/postAuth');
    expect(await screen.findByText('Uscita in corso…')).toBeTruthy();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(store.get(consentContextAtom)).toBeNull();
  });
});
