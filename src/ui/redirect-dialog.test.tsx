import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../state/store';
import { freshApp } from '../test/helpers';
import { RedirectDialogHost, showRedirect } from './redirect-dialog';

let store: AppStore;

beforeEach(() => {
  store = freshApp();
  // Fake clock that also follows real time, so Ionic can present the modal while the test drives the seconds.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the redirect dialog', () => {
  it('counts down 5 seconds aloud, then navigates', async () => {
    render(
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <IonApp>
            <MemoryRouter initialEntries={['/start']}>
              <Routes>
                <Route path="/start" element={<p>Pagina iniziale</p>} />
                <Route path="/home" element={<p>Pagina home</p>} />
              </Routes>
              <RedirectDialogHost />
            </MemoryRouter>
          </IonApp>
        </I18nProvider>
      </Provider>,
    );
    act(() => showRedirect(msg`Richiesta inviata`, '/home'));

    expect(await screen.findByRole('heading', { name: 'Richiesta inviata' })).toBeTruthy();
    const countdown = screen.getByText('Verrai reindirizzato tra 5 secondi.');
    expect(countdown.getAttribute('aria-live')).toBe('polite');

    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Verrai reindirizzato tra 4 secondi.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Verrai reindirizzato tra 1 secondo.')).toBeTruthy();
    expect(screen.getByText('Pagina iniziale')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Pagina home')).toBeTruthy();
    expect(screen.queryByText(/Verrai reindirizzato/)).toBeNull();
  });
});
