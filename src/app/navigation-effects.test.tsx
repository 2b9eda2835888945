import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import type { NavigateFunction } from 'react-router-dom';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPatientAtom, currentUserAtom } from '../session/session-atoms';
import type { AppStore } from '../state/store';
import { MARIO_ROSSI, PATIENT_MARIO, PHYSICIAN_VERDI } from '../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../test/helpers';
import { takeNavigation } from '../ui/screen-focus';
import { NavigationEffects } from './navigation-effects';

let store: AppStore;
let navigate: NavigateFunction = () => undefined;

function Navigator(): null {
  navigate = useNavigate();
  return null;
}

function renderAt(path: string): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <NavigationEffects />
          <Navigator />
        </MemoryRouter>
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

describe('navigation rules that act on the way (spec section 2)', () => {
  it("makes a route's patientId the current patient for staff and loads it", async () => {
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    const server = fakeServer({ 'GET /api/patients/1001': () => json(MARIO_ROSSI) });
    renderAt('/patientInfo/1001');
    await waitFor(() => expect(store.get(currentPatientAtom)?.status).toBe('ready'));
    expect(store.get(currentPatientAtom)?.patient?.fiscalCode).toBe(MARIO_ROSSI.fiscalCode);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/patients/1001']);
  });

  it('clears the current patient on the patient list', () => {
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    store.set(currentPatientAtom, { patientId: 1001, status: 'ready', patient: MARIO_ROSSI });
    renderAt('/patients');
    expect(store.get(currentPatientAtom)).toBeNull();
  });

  it('reloads user and patient for a patient whose record is missing', async () => {
    store.set(currentUserAtom, PATIENT_MARIO);
    const server = fakeServer({
      'GET /api/me': () => json(PATIENT_MARIO),
      'GET /api/patients/1001': () => json(MARIO_ROSSI),
    });
    renderAt('/home');
    await waitFor(() => expect(store.get(currentPatientAtom)?.status).toBe('ready'));
    expect(server.requests.map((r) => r.path)).toEqual(['/api/me', '/api/patients/1001']);
  });

  it('closes open dialogs on every navigation', () => {
    const dismiss = vi.fn(async () => true);
    const modal = Object.assign(document.createElement('ion-modal'), { dismiss });
    document.body.append(modal);
    renderAt('/home');
    expect(dismiss).toHaveBeenCalledWith(undefined, 'navigation');
    modal.remove();
  });

  it('tells the entering screen to take the focus on every navigation but the first, going back included', () => {
    store.set(currentUserAtom, PATIENT_MARIO);
    store.set(currentPatientAtom, { patientId: 1001, status: 'ready', patient: MARIO_ROSSI });
    takeNavigation();
    renderAt('/home');
    expect(takeNavigation()).toBeNull();
    act(() => navigate('/dossier'));
    expect(takeNavigation()).toBe('forward');
    act(() => navigate(-1));
    expect(takeNavigation()).toBe('back');
    act(() => navigate('/dossier', { replace: true }));
    expect(takeNavigation()).toBe('forward');
  });
});
