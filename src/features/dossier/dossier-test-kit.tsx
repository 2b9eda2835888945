/** Renders the dossier for a test user, and a Cache Storage stand-in for the offline copy. */
import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { AppStore } from '../../state/store';
import { DossierPage } from './dossier-page';

export function renderDossier(store: AppStore, path = '/dossier'): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/dossier" element={<DossierPage />} />
              <Route path="/dossier/:patientId" element={<DossierPage />} />
              <Route path="/myPatients" element={<h1>I miei pazienti</h1>} />
              <Route path="/documents/:documentId" element={<h1>Visualizzatore</h1>} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

/** Phone or tablet width, as `matchMedia('(min-width: 768px)')` answers. */
export function setWide(wide: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('768px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

/** An in-memory Cache Storage: enough for `caches.open/has/keys/delete`, `put` and `match`. */
export function stubCacheStorage(): Map<string, Map<string, string>> {
  const stores = new Map<string, Map<string, string>>();
  const cacheFor = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, string>();
    stores.set(name, entries);
    return {
      put: async (key: string, response: Response): Promise<void> => {
        entries.set(key, await response.text());
      },
      match: async (key: string): Promise<Response | undefined> => {
        const body = entries.get(key);
        return body === undefined ? undefined : new Response(body);
      },
    };
  };
  vi.stubGlobal('caches', {
    open: async (name: string) => cacheFor(name),
    has: async (name: string) => stores.has(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  });
  return stores;
}
