import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../state/store';
import { fakeServer, freshApp, json, signIn } from '../test/helpers';
import type { SigningDraft } from './draft';
import { newDraft, signingSecretsAtom } from './draft';
import { SigningWizard } from './signing-wizard';

vi.mock('../ui/pdf/pdf', () => ({
  openPdf: async () => ({ numPages: 1, destroy: async () => undefined }),
}));
vi.mock('../ui/pdf/pdf-viewer', () => ({
  PdfViewer: (): JSX.Element => <div>pagine del PDF</div>,
}));

let store: AppStore;
const FLOW = 'test:obscure:42';
const DRAFT_KEY = 'draft:signing:7';
const start = (): SigningDraft =>
  newDraft({ flowId: FLOW, steps: ['read', 'pin', 'code', 'result'], documentIds: [11], doneTo: '/done' });

function renderWizard(startWith: () => SigningDraft = start): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/sign']}>
            <Routes>
              <Route
                path="/sign"
                element={
                  <SigningWizard
                    userKey="7"
                    flowId={FLOW}
                    title="Firma"
                    start={startWith}
                    closeTo="/closed"
                    resultMessage="Documenti firmati."
                  />
                }
              />
              <Route path="/done" element={<h1>Fatto</h1>} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const pdf = (): Response =>
  new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } });
const OTP = {
  sentTo: '********4567',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
  sentToPatient: false,
};

function primary(name: string): HTMLElement {
  return screen.getByText(name, { selector: 'ion-button' });
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SigningWizard', () => {
  it('reads, asks the PIN and the SMS code, signs and shows the signed PDF, storing no secret', async () => {
    let pinTries = 0;
    const server = fakeServer({
      'GET /api/tempDocuments/11': pdf,
      // The PIN is checked when the code is asked for: a wrong one is told before any SMS.
      'POST /api/sign/otp': () => {
        pinTries += 1;
        if (pinTries === 1)
          return json(
            { status: 400, code: 'PIN_WRONG', message: 'PIN errato', params: { remaining: '2' } },
            400,
          );
        return json(OTP);
      },
      'PUT /api/sign/sync': () =>
        json({ status: 'SIGNED', ceremonyKind: 'obscure', signedDocumentIds: [91] }),
      'GET /api/signedDocuments/91': pdf,
    });
    renderWizard();
    expect(await screen.findByText('Passo 1 di 4')).toBeTruthy();
    expect(await screen.findByText('pagine del PDF')).toBeTruthy();
    expect(primary('Ho letto, continua').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Ho letto il documento'));
    fireEvent.click(primary('Ho letto, continua'));

    expect(await screen.findByText('Passo 2 di 4')).toBeTruthy();
    expect(screen.getByText('PIN dimenticato?').closest('a')?.getAttribute('href')).toBe('/pin-reset');
    expect(screen.getByLabelText(/PIN/).getAttribute('type')).toBe('password');
    expect(screen.getByLabelText(/PIN/).getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(screen.getByLabelText(/PIN/), { target: { value: '12' } });
    fireEvent.click(primary('Invia il codice'));
    expect(await screen.findByText('Il PIN è composto da 4 a 8 cifre')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/PIN/), { target: { value: '9999' } });
    fireEvent.click(primary('Invia il codice'));
    expect(await screen.findByText('PIN errato: tentativi rimasti 2')).toBeTruthy();
    expect(screen.getByText('Passo 2 di 4')).toBeTruthy();
    expect(localStorage.getItem(DRAFT_KEY)).not.toContain('9999');

    fireEvent.change(screen.getByLabelText(/PIN/), { target: { value: '1234' } });
    fireEvent.click(primary('Invia il codice'));
    expect(await screen.findByText(/al numero \*+4567/)).toBeTruthy();
    expect(screen.getByLabelText(/Codice ricevuto/).getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/Invia di nuovo il codice \(\d+ s\)/).hasAttribute('disabled')).toBe(true);
    fireEvent.change(await screen.findByLabelText(/Codice ricevuto/), { target: { value: '654321' } });
    fireEvent.click(primary('Firma'));
    expect(await screen.findByText('Documenti firmati.')).toBeTruthy();
    expect(screen.getByText('Scarica PDF')).toBeTruthy();
    expect(store.get(signingSecretsAtom).pin).toBe('');
    const signCalls = server.requests.filter((request) => request.path === '/api/sign/sync');
    expect(signCalls).toHaveLength(1);
    expect(server.requests.filter((request) => request.path === '/api/sign/otp')).toHaveLength(2);
    expect(localStorage.getItem(DRAFT_KEY)).not.toMatch(/1234|654321/);

    fireEvent.click(screen.getByText('Visualizza'));
    expect(await screen.findByText('pagine del PDF')).toBeTruthy();
    fireEvent.click(primary('Fine'));
    expect(await screen.findByRole('heading', { name: 'Fatto' })).toBeTruthy();
    expect(localStorage.getItem(DRAFT_KEY)).toBe('null');
  });

  it("says that the code went to the patient's phone when staff collect the patient's consent", async () => {
    fakeServer({
      'GET /api/tempDocuments/11': pdf,
      'POST /api/sign/otp': () => json({ ...OTP, sentTo: '***0001', sentToPatient: true }),
    });
    renderWizard();
    fireEvent.click(await screen.findByLabelText('Ho letto il documento'));
    fireEvent.click(primary('Ho letto, continua'));
    fireEvent.change(await screen.findByLabelText(/PIN/), { target: { value: '1234' } });
    fireEvent.click(primary('Invia il codice'));
    expect(await screen.findByText(/al cellulare del paziente \(\*\*\*0001\)/)).toBeTruthy();
    expect(screen.getByText(/Chiedi al paziente di dettartelo/)).toBeTruthy();
    expect(screen.getByLabelText(/Codice ricevuto dal paziente via SMS/)).toBeTruthy();
  });

  it('resumes a stored draft at the code step and asks the PIN again, never the rest', async () => {
    const stored: SigningDraft = { ...start(), step: 'code', read: true, otp: OTP };
    localStorage.setItem(DRAFT_KEY, JSON.stringify(stored));
    const server = fakeServer({
      'PUT /api/sign/sync': () =>
        json({ status: 'SIGNED', ceremonyKind: 'obscure', signedDocumentIds: [91] }),
    });
    renderWizard();
    expect(await screen.findByText('Passo 3 di 4')).toBeTruthy();
    expect(screen.getByText(/il PIN non viene conservato/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Codice ricevuto/), { target: { value: '123456' } });
    fireEvent.click(primary('Firma'));
    expect(await screen.findByText('Il PIN è composto da 4 a 8 cifre')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^PIN/), { target: { value: '1234' } });
    fireEvent.click(primary('Firma'));
    expect(await screen.findByText('Documenti firmati.')).toBeTruthy();
    expect(server.requests.some((request) => request.path === '/api/sign/otp')).toBe(false);
  });

  it('checks every required field of another signer before preparing the documents', async () => {
    const prepare = vi.fn(async () => ({ documentIds: [11] }));
    fakeServer({
      'GET /api/sign/patientRelationship': () =>
        json({ patientRelationships: [{ code: 'PARENT', desc: 'Genitore' }] }),
      'GET /api/tempDocuments/11': pdf,
    });
    render(
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <IonApp>
            <MemoryRouter initialEntries={['/sign']}>
              <Routes>
                <Route
                  path="/sign"
                  element={
                    <SigningWizard
                      userKey="7"
                      flowId="consent"
                      title="Firma"
                      start={() =>
                        newDraft({
                          flowId: 'consent',
                          steps: ['signer', 'read', 'pin', 'code', 'result'],
                          doneTo: '/done',
                        })
                      }
                      prepare={prepare}
                      closeTo="/closed"
                      resultMessage="ok"
                    />
                  }
                />
              </Routes>
            </MemoryRouter>
          </IonApp>
        </I18nProvider>
      </Provider>,
    );
    fireEvent.click(await screen.findByLabelText(/Un'altra persona/));
    fireEvent.click(primary('Continua'));
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(5);
    expect(prepare).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText(/^Cognome/), { target: { value: 'Verdi' } });
    fireEvent.change(screen.getByLabelText(/^Codice fiscale/), { target: { value: 'vrdnna80a41f205u' } });
    fireEvent.change(screen.getByLabelText(/^Data di nascita/), { target: { value: '1980-01-01' } });
    await screen.findByText('Genitore');
    fireEvent.change(screen.getByLabelText(/^Relazione/), { target: { value: 'PARENT' } });
    fireEvent.click(primary('Continua'));
    await waitFor(() => expect(prepare).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Passo 2 di 5')).toBeTruthy();
  });
});
