import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../contract/user';
import { currentUserAtom } from '../session/session-atoms';
import type { AppStore } from '../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../test/helpers';
import { SideMenu } from './side-menu';

let store: AppStore;
const GUEST: CurrentUser = { ...PATIENT_MARIO, id: 7, userType: 'GUE', displayName: 'Sara Rossi' };
const grants = (rights: string[]) => () =>
  json({
    grants: [
      {
        patientId: PATIENT_MARIO.patientId,
        patientName: 'Mario Rossi',
        relationship: 'son',
        accessTitle: { code: 'delegation', desc: 'Delega' },
        deadline: '2027-01-01',
        rights,
        sharedDocuments: 0,
      },
    ],
  });

function renderMenu(user: CurrentUser): void {
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/home']}>
            <SideMenu />
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const entry = (label: string): Element | null =>
  screen.queryByText(label, { selector: 'ion-label' })?.closest('ion-item') ?? null;

beforeEach(async () => {
  store = freshApp();
  await signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the side menu’s record export', () => {
  it('leads the patient to /export, beside the shared links', async () => {
    fakeServer({});
    renderMenu(PATIENT_MARIO);
    await waitFor(() => expect(entry('Scarica il mio fascicolo')).not.toBeNull());
    expect(entry('Scarica il mio fascicolo')?.getAttribute('router-link')).toBe('/export');
    expect(entry('Link condivisi')).not.toBeNull();
  });

  it('is there for a guest whose grant allows downloads', async () => {
    fakeServer({ 'GET /api/guests/grants': grants(['dossier', 'download']) });
    renderMenu(GUEST);
    await waitFor(() => expect(entry('Scarica il fascicolo')).not.toBeNull());
  });

  it('is not there for a guest without the download right', async () => {
    const server = fakeServer({ 'GET /api/guests/grants': grants(['dossier']) });
    renderMenu(GUEST);
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/guests/grants')).toBe(true));
    await screen.findByText('Notifiche', { selector: 'ion-label' });
    expect(entry('Scarica il fascicolo')).toBeNull();
  });

  it('is not there for staff', async () => {
    fakeServer({});
    renderMenu(PHYSICIAN_VERDI);
    await screen.findByText('Notifiche', { selector: 'ion-label' });
    expect(entry('Scarica il mio fascicolo')).toBeNull();
    expect(entry('Scarica il fascicolo')).toBeNull();
  });
});
