import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../state/store';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { toastQueueAtom } from '../../ui/toasts';
import { DocumentViewer } from './document-viewer';

let store: AppStore;

function renderViewer(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter>
            <DocumentViewer documentId={5} />
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the document viewer', () => {
  it('says a refusal is a refusal, with the way home and no "try again"', async () => {
    fakeServer({
      'GET /api/documents/5/view': () =>
        json({ status: 403, code: 'DOSSIER_NOT_AUTHORIZED', message: 'no' }, 403),
    });
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'Accesso negato' })).toBeTruthy();
    expect(screen.getByText('Non sei autorizzato ad accedere al dossier')).toBeTruthy();
    expect(screen.getByText('Torna alla Home')).toBeTruthy();
    expect(screen.queryByText('Riprova')).toBeNull();
    expect(screen.queryByText(/contatta l'assistenza/)).toBeNull();
    expect(store.get(toastQueueAtom)).toEqual([]);
  });

  it('says a missing document does not exist', async () => {
    fakeServer({});
    renderViewer();
    expect(await screen.findByRole('heading', { name: 'Documento non trovato' })).toBeTruthy();
    expect(screen.getByText('Il documento non esiste o non è disponibile.')).toBeTruthy();
  });
});
