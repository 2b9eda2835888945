import { IonApp, IonPage } from '@ionic/react';
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
import { newDraft } from './draft';
import { SigningWizard } from './signing-wizard';

vi.mock('../ui/pdf/pdf', () => ({
  openPdf: async () => ({ numPages: 1, destroy: async () => undefined }),
}));
vi.mock('../ui/pdf/pdf-viewer', () => ({
  PdfViewer: (): JSX.Element => <div>pagine del PDF</div>,
}));

/** Enter in the PIN and code fields, focus on each step's heading, and what to do after a refused code. */
let store: AppStore;
const FLOW = 'test:guest:1';
const start = (): SigningDraft =>
  newDraft({ flowId: FLOW, steps: ['read', 'pin', 'code', 'result'], documentIds: [11], doneTo: '/done' });
const pdf = (): Response =>
  new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } });
const OTP = {
  sentTo: '***4567',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() - 1000).toISOString(),
  sentToPatient: false,
};
const refusal = (status: number, code: string) => () => json({ status, code, message: code }, status);

function renderWizard(): void {
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
                    start={start}
                    closeTo="/closed"
                    resultMessage="Documenti firmati."
                  />
                }
              />
              <Route
                path="/done"
                element={
                  <IonPage>
                    <h1>Persone autorizzate</h1>
                  </IonPage>
                }
              />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const focusedHeading = (name: string) =>
  waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name })));
/** Enter in a field: the browser submits the field's form (implicit submission). */
const pressEnter = (field: HTMLElement): void => {
  const form = field.closest('form');
  expect(form?.querySelector('button[type="submit"]')).toBeTruthy();
  fireEvent.submit(form as HTMLFormElement);
};

async function reachCodeStep(): Promise<void> {
  renderWizard();
  await focusedHeading('Leggi il documento');
  fireEvent.click(await screen.findByLabelText('Ho letto il documento'));
  fireEvent.click(screen.getByText('Ho letto, continua', { selector: 'ion-button' }));
  await focusedHeading('PIN di firma');
  fireEvent.change(screen.getByLabelText(/PIN/), { target: { value: '1234' } });
  pressEnter(screen.getByLabelText(/PIN/));
  await focusedHeading('Codice via SMS');
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('SigningWizard by keyboard', () => {
  it('sends the code and signs with Enter, the focus on each step heading, then on the next screen', async () => {
    const server = fakeServer({
      'GET /api/tempDocuments/11': pdf,
      'POST /api/sign/otp': () => json(OTP),
      'PUT /api/sign/sync': () => json({ status: 'SIGNED', ceremonyKind: 'guest', signedDocumentIds: [91] }),
    });
    await reachCodeStep();
    fireEvent.change(screen.getByLabelText(/Codice ricevuto/), { target: { value: '654321' } });
    pressEnter(screen.getByLabelText(/Codice ricevuto/));
    await focusedHeading('Firma completata');
    expect(server.requests.filter((request) => request.path === '/api/sign/sync')).toHaveLength(1);
    fireEvent.click(screen.getByText('Fine', { selector: 'ion-button' }));
    await focusedHeading('Persone autorizzate');
  });

  it('tells a wrong code from an expired one, each with what to do next, and sends a new code', async () => {
    let signs = 0;
    const server = fakeServer({
      'GET /api/tempDocuments/11': pdf,
      'POST /api/sign/otp': () => json(OTP),
      'PUT /api/sign/sync': () => {
        signs += 1;
        return signs === 1 ? refusal(400, 'SIGN_OTP_ERROR')() : refusal(409, 'OTP_EXPIRED')();
      },
    });
    await reachCodeStep();
    fireEvent.change(screen.getByLabelText(/Codice ricevuto/), { target: { value: '111111' } });
    pressEnter(screen.getByLabelText(/Codice ricevuto/));
    expect(await screen.findByText('Errore nella firma via OTP')).toBeTruthy();
    expect(screen.getByText(/non corrisponde a quello inviato: controlla l'SMS/)).toBeTruthy();
    expect((screen.getByLabelText(/Codice ricevuto/) as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText(/Codice ricevuto/), { target: { value: '222222' } });
    pressEnter(screen.getByLabelText(/Codice ricevuto/));
    expect(await screen.findByText('Il codice è scaduto: richiedine uno nuovo')).toBeTruthy();
    expect(screen.getByText(/Questo codice non vale più/)).toBeTruthy();
    const resend = screen.getByText('Invia di nuovo il codice', { selector: 'ion-button' });
    expect(resend.getAttribute('fill')).toBe('solid');
    fireEvent.click(resend);
    expect(await screen.findByText('Nuovo codice inviato al numero ***4567.')).toBeTruthy();
    expect(server.requests.filter((request) => request.path === '/api/sign/otp')).toHaveLength(2);
  });

  it('back to the PIN step with the same PIN: no second SMS while the code is valid', async () => {
    const server = fakeServer({
      'GET /api/tempDocuments/11': pdf,
      'POST /api/sign/otp': () => json(OTP),
    });
    await reachCodeStep();
    fireEvent.click(screen.getByLabelText('Passo precedente'));
    await focusedHeading('PIN di firma');
    pressEnter(screen.getByLabelText(/PIN/));
    await focusedHeading('Codice via SMS');
    expect(server.requests.filter((request) => request.path === '/api/sign/otp')).toHaveLength(1);
  });

  it('a changed PIN is checked again; "too soon" for a new SMS keeps the code already sent', async () => {
    let asks = 0;
    const server = fakeServer({
      'GET /api/tempDocuments/11': pdf,
      'POST /api/sign/otp': () => {
        asks += 1;
        return asks === 1 ? json(OTP) : refusal(429, 'OTP_RESEND_TOO_SOON')();
      },
    });
    await reachCodeStep();
    fireEvent.click(screen.getByLabelText('Passo precedente'));
    await focusedHeading('PIN di firma');
    fireEvent.change(screen.getByLabelText(/PIN/), { target: { value: '5678' } });
    pressEnter(screen.getByLabelText(/PIN/));
    await focusedHeading('Codice via SMS');
    expect(server.requests.filter((request) => request.path === '/api/sign/otp')).toHaveLength(2);
  });
});
