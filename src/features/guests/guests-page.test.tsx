import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Guest } from '../../contract/guests';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { confirmAtom } from '../../ui/confirm-dialog';
import { guestDraftAtom } from './draft';
import { GuestWizardPage } from './guest-wizard-page';
import { GuestsPage } from './guests-page';

let store: AppStore;
const patientId = PATIENT_MARIO.patientId ?? 0;
const sara: Guest = {
  id: 7,
  patientId,
  relationship: 'mate',
  accessTitle: { code: 'delegation', desc: 'Delega' },
  invitedAt: '2026-11-01T10:00:00.000Z',
  deadline: '2027-11-22',
  status: 'active',
  rights: ['dossier', 'download'],
  chatAccess: false,
  downloadAccess: true,
  projectAccess: false,
  documentIds: [1, 2],
  person: {
    name: 'Sara',
    surname: 'Rossi',
    fiscalCode: 'RSSSRA88E49L219H',
    mobilePhone: '+39 340 3000007',
    email: 'ospite@example.it',
    username: 'ospite',
  },
};
const list = (guests: Guest[]) => ({
  guests,
  paging: { totalCount: guests.length, totalPage: 1, max: 100, offset: 0 },
});

function renderAt(path: string): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/guests" element={<GuestsPage />} />
              <Route path="/guestwizard" element={<GuestWizardPage />} />
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
afterEach(() => vi.unstubAllGlobals());

describe('/guests', () => {
  it('lists guests with relationship, title, deadline and rights', async () => {
    fakeServer({ 'GET /api/guests': () => json(list([sara])) });
    renderAt('/guests');
    await screen.findByText('Sara Rossi');
    expect(screen.getByText('Coniuge o partner · Delega')).toBeTruthy();
    expect(screen.getByText(/Fino al 22\/11\/2027/)).toBeTruthy();
    expect(screen.getByText('Consultare tutto il dossier')).toBeTruthy();
    expect(screen.getByText('Scaricare i documenti')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    fakeServer({ 'GET /api/guests': () => json(list([])) });
    renderAt('/guests');
    expect(await screen.findByText('Nessuna persona autorizzata')).toBeTruthy();
  });

  it('revokes only after the confirmation', async () => {
    const server = fakeServer({
      'GET /api/guests': () => json(list([sara])),
      'DELETE /api/guests/7': () => json({ documentIds: [1, 2] }),
    });
    renderAt('/guests');
    fireEvent.click(await screen.findByText('Revoca'));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(false);
    store.set(confirmAtom, null);
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByText('Revoca'));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(true);
    await waitFor(() => expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('sends mode=edit without a chosen guest back to /guests', async () => {
    fakeServer({
      'GET /api/guests': () => json(list([])),
      'GET /api/guests/accessTitles': () => json({ accessTitles: [] }),
    });
    renderAt('/guestwizard?mode=edit');
    expect(await screen.findByText('Nessuna persona autorizzata')).toBeTruthy();
  });

  it('starts an edit from the list with the guest answers, and keeps the draft', async () => {
    fakeServer({
      'GET /api/guests': () => json(list([sara])),
      'GET /api/guests/accessTitles': () => json({ accessTitles: [{ code: 'delegation', desc: 'Delega' }] }),
    });
    renderAt('/guests');
    fireEvent.click(await screen.findByText('Modifica'));
    await screen.findByText("Stai modificando l'autorizzazione di Sara Rossi.");
    const draft = store.get(guestDraftAtom(String(PATIENT_MARIO.id)));
    expect(draft).toMatchObject({ mode: 'edit', guestId: 7, relationship: 'mate', documentIds: [1, 2] });
    expect(localStorage.getItem(`guestDraft:${PATIENT_MARIO.id}`)).toContain('"guestId":7');
  });
});
