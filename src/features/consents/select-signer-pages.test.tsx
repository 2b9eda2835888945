import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentType } from '../../contract/consents-catalogue';
import type { AppStore } from '../../state/store';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { SelectConsentSignerPage, SelectDigitalConsentSignerPage } from './select-signer-pages';

let store: AppStore;

const CONTRAST_CT: ConsentType = {
  code: 'CONS_CT_CONTRAST',
  category: 'INFORMED',
  desc: 'Consenso informato alla TC con mezzo di contrasto',
  description: '',
  modelCode: 'MOD_CT_CONTRAST',
  patientCollectable: false,
  validityMonths: null,
};

function renderAt(page: JSX.Element, search: string): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[`/select-consent-signer${search}`]}>{page}</MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
  fakeServer({ 'GET /api/consensusTypes': () => json({ consensusTypes: [CONTRAST_CT] }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff choosing how a consent is collected', () => {
  it('names the consent on the medium choice', async () => {
    renderAt(<SelectConsentSignerPage />, '?selectedPatient=1001&medmakerModel=MOD_CT_CONTRAST');
    expect(await screen.findByRole('heading', { name: CONTRAST_CT.desc })).toBeTruthy();
    expect(screen.getByText('Modulo cartaceo')).toBeTruthy();
  });

  it('names the consent on the signer choice, found by its consent code too', async () => {
    renderAt(<SelectDigitalConsentSignerPage />, '?selectedPatient=1001&medmakerModel=CONS_CT_CONTRAST');
    expect(await screen.findByRole('heading', { name: CONTRAST_CT.desc })).toBeTruthy();
    expect(screen.getByText('Chi esprime il consenso?')).toBeTruthy();
  });
});
