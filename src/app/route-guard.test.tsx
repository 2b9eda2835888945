import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { loggedInAtom } from '../auth/session';
import { currentUserAtom } from '../session/session-atoms';
import type { AppStore } from '../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../test/fixtures';
import { freshApp } from '../test/helpers';
import { RouteGuard } from './route-guard';
import type { AppRoute } from './routes';

function Landing({ name }: { name: string }): JSX.Element {
  const location = useLocation();
  const state = location.state as { returnPath?: string } | null;
  return (
    <h1>
      {name} {state?.returnPath ? `(ritorno a ${state.returnPath})` : ''}
    </h1>
  );
}

const page = (name: string) => () => <h1>{name}</h1>;
const patients: AppRoute = {
  pattern: '/patients',
  page: page('Pazienti'),
  access: 'session',
  staffOnly: true,
};
const home: AppRoute = { pattern: '/home', page: page('Home'), access: 'session' };
const loginExternal: AppRoute = { pattern: '/loginExternal', page: page('Esterno'), access: 'public' };
const dossier: AppRoute = { pattern: '/dossier/:patientId', page: page('Dossier'), access: 'session' };
const invite: AppRoute = {
  pattern: '/projectInviteRemove/:patientId',
  page: page('Progetti'),
  access: 'session',
  staffPermission: 'perm.meview.project.info',
};

let store: AppStore;

function renderAt(path: string): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {[patients, home, loginExternal, dossier, invite].map((route) => (
              <Route
                key={route.pattern}
                path={route.pattern}
                element={
                  <RouteGuard route={route}>
                    <route.page />
                  </RouteGuard>
                }
              />
            ))}
            <Route path="/login" element={<Landing name="Login" />} />
            <Route path="/postAuth" element={<Landing name="PostAuth" />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

beforeEach(() => {
  store = freshApp();
});

describe('the route guard (spec section 2)', () => {
  it('sends a visitor who is not logged in to the login, keeping the target', () => {
    renderAt('/patients?page=2');
    expect(screen.getByRole('heading', { name: 'Login (ritorno a /patients?page=2)' })).toBeTruthy();
  });

  it('sends a logged-in user whose profile is not loaded to /postAuth, keeping the target', () => {
    store.set(loggedInAtom, true);
    renderAt('/home');
    expect(screen.getByRole('heading', { name: 'PostAuth (ritorno a /home)' })).toBeTruthy();
  });

  it('sends a patient away from the patient list to /postAuth', () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, PATIENT_MARIO);
    renderAt('/patients');
    expect(screen.getByRole('heading', { name: 'PostAuth' })).toBeTruthy();
  });

  it('lets staff open the patient list', () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    renderAt('/patients');
    expect(screen.getByRole('heading', { name: 'Pazienti' })).toBeTruthy();
  });

  it('does not check the login on routes flagged public', () => {
    renderAt('/loginExternal');
    expect(screen.getByRole('heading', { name: 'Esterno' })).toBeTruthy();
  });

  it('reads the current user kept in local storage', () => {
    localStorage.setItem('currentUser', JSON.stringify(PHYSICIAN_VERDI));
    store = freshApp();
    store.set(loggedInAtom, true);
    renderAt('/home');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it("refuses a patient another patient's address, saying so, with the way home", () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, PATIENT_MARIO);
    renderAt(`/dossier/${(PATIENT_MARIO.patientId ?? 0) + 1}`);
    expect(screen.queryByRole('heading', { name: 'Dossier' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Accesso negato', level: 2 })).toBeTruthy();
    expect(screen.getByText('Non sei autorizzato ad accedere al dossier')).toBeTruthy();
    expect(screen.getByText('Torna alla Home').closest('ion-button')?.getAttribute('router-link')).toBe(
      '/home',
    );
  });

  it('lets a patient open his own address', () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, PATIENT_MARIO);
    renderAt(`/dossier/${PATIENT_MARIO.patientId}`);
    expect(screen.getByRole('heading', { name: 'Dossier' })).toBeTruthy();
  });

  it("lets staff open any patient's address", () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    renderAt('/dossier/2');
    expect(screen.getByRole('heading', { name: 'Dossier' })).toBeTruthy();
  });

  it('opens the project invite screen only to a non-patient with perm.meview.project.info, else home', () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    renderAt('/projectInviteRemove/2');
    expect(screen.getByRole('heading', { name: 'Progetti' })).toBeTruthy();
  });

  it('sends staff without perm.meview.project.info to /home', () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, { ...PHYSICIAN_VERDI, permissionList: ['perm.meview.consent.read'] });
    renderAt('/projectInviteRemove/2');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('sends a patient holding the permission to /home all the same', () => {
    store.set(loggedInAtom, true);
    store.set(currentUserAtom, { ...PATIENT_MARIO, permissionList: ['perm.meview.project.info'] });
    renderAt(`/projectInviteRemove/${PATIENT_MARIO.patientId}`);
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });
});
