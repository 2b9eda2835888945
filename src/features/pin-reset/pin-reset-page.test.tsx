import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../../state/store';
import { fakeServer, freshApp, json } from '../../test/helpers';
import { toastQueueAtom } from '../../ui/toasts';
import { PinResetPage } from './pin-reset-page';

let store: AppStore;

function renderPage(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/pin-reset']}>
            <PinResetPage />
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

/** Submits the form of an Ionic button (jsdom does not run Ionic's own submit). */
function submitWith(label: string): void {
  const form = screen.getByText(label, { selector: 'ion-button' }).closest('form');
  if (!form) throw new Error(`no form around ${label}`);
  fireEvent.submit(form);
}

const inFuture = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();

describe('PIN reset page', () => {
  beforeEach(() => {
    store = freshApp();
  });

  it('sends the code, refuses a wrong one inline, then confirms with a success toast', async () => {
    let confirmations = 0;
    const server = fakeServer({
      'POST /api/pinReset/requestOtp': () =>
        json({ sentTo: '***0001', expiresAt: inFuture(600), resendAvailableAt: inFuture(60) }),
      'POST /api/pinReset/confirm': () =>
        ++confirmations === 1
          ? json(
              { status: 400, code: 'PIN_RESET_INVALID_CODE', message: 'Codice di sicurezza non valido' },
              400,
            )
          : json({ sentTo: '***0001' }),
    });
    renderPage();
    fireEvent.change(screen.getByLabelText(/Identificativo utente o codice fiscale/), {
      target: { value: ' mario.rossi ' },
    });
    submitWith('Invia il codice');
    expect(await screen.findByText(/al numero \*\*\*0001/)).toBeTruthy();
    const resend = await screen.findByText(/Nuovo codice tra (59|60) s/, { selector: 'ion-button' });
    expect(resend).toHaveProperty('disabled', true);

    const code = screen.getByLabelText(/Codice di sicurezza/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: 'abc' } });
    submitWith('Conferma e ricevi il nuovo PIN');
    expect((await screen.findByRole('alert')).textContent).toBe('Il codice di sicurezza è di 6 caratteri');

    fireEvent.change(code, { target: { value: 'abcd23' } });
    submitWith('Conferma e ricevi il nuovo PIN');
    await screen.findByText('Codice di sicurezza non valido');
    submitWith('Conferma e ricevi il nuovo PIN');
    expect(
      await screen.findByRole('heading', { name: 'Reset del PIN effettuato con successo' }),
    ).toBeTruthy();
    expect(store.get(toastQueueAtom).map((toast) => [toast.kind, toast.message.message])).toEqual([
      ['success', 'Reset del PIN effettuato con successo'],
    ]);
    const bodies = server.requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.path);
    expect(bodies).toEqual(['/api/pinReset/requestOtp', '/api/pinReset/confirm', '/api/pinReset/confirm']);
  });

  it('says "Identificativo utente non valido" next to the field and asks for a missing value', async () => {
    fakeServer({
      'POST /api/pinReset/requestOtp': () =>
        json(
          { status: 400, code: 'PIN_RESET_INVALID_USER', message: 'Identificativo utente non valido' },
          400,
        ),
    });
    renderPage();
    submitWith('Invia il codice');
    expect((await screen.findByRole('alert')).textContent).toBe('Campo obbligatorio');
    const field = screen.getByLabelText(/Identificativo utente o codice fiscale/);
    fireEvent.change(field, { target: { value: 'nessuno' } });
    submitWith('Invia il codice');
    expect(await screen.findByText('Identificativo utente non valido')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(store.get(toastQueueAtom)).toEqual([]);
  });
});
