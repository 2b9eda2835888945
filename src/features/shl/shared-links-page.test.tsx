import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShlLink } from '../../contract/shl';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { documentOf, listOf } from '../../test/documents.fixtures';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { confirmAtom } from '../../ui/confirm-dialog';
import { SharedLinksPage } from './shared-links-page';

let store: AppStore;
const patientId = PATIENT_MARIO.patientId ?? 0;
const bloodTests = documentOf(41, { title: 'Esami del sangue' });

const link: ShlLink = {
  id: 5,
  label: 'Visita cardiologica',
  state: 'active',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
  withPasscode: true,
  withSummary: true,
  documentCount: 2,
  remainingAttempts: 9,
  opens: [{ recipient: 'Dr. Anna Weber', openedAt: '2026-11-21T15:30:00.000Z' }],
};

function renderPage(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/shared-links']}>
            <SharedLinksPage />
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

describe('/shared-links', () => {
  it('lists each link with its state, contents, passcode and who opened it', async () => {
    fakeServer({
      'GET /api/shl': () =>
        json({ links: [link, { ...link, id: 6, label: 'Vecchio', state: 'revoked', opens: [] }] }),
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Visita cardiologica' });
    expect(within(card).getByText('Attivo')).toBeTruthy();
    expect(within(card).getByText('Sintesi sanitaria e 2 documenti')).toBeTruthy();
    expect(within(card).getByText('Con codice di accesso')).toBeTruthy();
    expect(within(card).getByText('Dr. Anna Weber')).toBeTruthy();
    const old = screen.getByRole('article', { name: 'Vecchio' });
    expect(within(old).getByText('Revocato')).toBeTruthy();
    expect(within(old).getByText('Non ancora aperto.')).toBeTruthy();
    expect(within(old).queryByText('Revoca')).toBeNull();
  });

  it('revokes only after the confirmation, and shows the link revoked', async () => {
    const server = fakeServer({
      'GET /api/shl': () => json({ links: [link] }),
      'DELETE /api/shl/5': () => new Response(null, { status: 204 }),
    });
    renderPage();
    fireEvent.click(await screen.findByText('Revoca'));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(true);
    await waitFor(() => expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Revocato')).toBeTruthy();
  });

  it('makes a link with the chosen documents and shows its QR code, address and passcode', async () => {
    const bodies: unknown[] = [];
    const server = fakeServer({
      'GET /api/shl': () => json({ links: [] }),
      'GET /api/documents': () => json(listOf([bloodTests])),
      'POST /api/shl': () => json({ id: 9, shlink: 'shlink:/eyJ1cmwiOiJ4In0' }, 201),
    });
    const inner = fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.method === 'POST') bodies.push(await input.clone().json());
      return inner(input, init);
    });
    renderPage();
    expect(await screen.findByText('Nessun link condiviso')).toBeTruthy();
    fireEvent.click(screen.getByText('Nuovo link'));
    fireEvent.change(await screen.findByLabelText(/Nome del link/), { target: { value: 'Visita a Monaco' } });
    fireEvent.click(await screen.findByText(bloodTests.title));
    const passcode = (screen.getByLabelText('Codice') as HTMLInputElement).value;
    expect(passcode).toMatch(/^\d{6}$/);
    fireEvent.submit(document.getElementById('shl-form') as HTMLFormElement);
    expect(await screen.findByRole('img', { name: 'Codice QR del link «Visita a Monaco»' })).toBeTruthy();
    expect((screen.getByLabelText('Link') as HTMLTextAreaElement).value).toBe(
      `${window.location.origin}/shl#shlink:/eyJ1cmwiOiJ4In0`,
    );
    expect(screen.getByText(passcode)).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      patientId,
      label: 'Visita a Monaco',
      passcode,
      summary: true,
      documentIds: [bloodTests.id],
    });
    expect(server.requests.filter((request) => request.path === '/api/shl')).toHaveLength(3);
  });

  it('refuses staff: the links are the patient’s', async () => {
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    fakeServer({});
    renderPage();
    expect(await screen.findByText('Accesso negato')).toBeTruthy();
  });
});
