import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consent, ConsentList } from '../../contract/consents';
import type { CurrentUser } from '../../contract/user';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { ConfirmDialogHost, confirmAtom } from '../../ui/confirm-dialog';
import { ConsentsPage } from './consents-page';

let store: AppStore;

function consent(overrides: Partial<Consent>): Consent {
  return {
    id: '1',
    consentId: 1,
    documentId: null,
    projectId: null,
    electronicDocumentId: null,
    consentCode: 'CONS_DOSSIER',
    category: 'DOSSIER',
    desc: 'Consenso al Dossier Sanitario Elettronico',
    modelCode: 'MOD_CONS_DOSSIER',
    statusCode: 'GIVEN',
    expired: false,
    signedAt: '2024-05-10T10:00:00.000Z',
    revokedAt: null,
    expiresAt: null,
    medium: 'paper',
    signerType: 'self',
    canGive: false,
    canRevoke: false,
    canReject: false,
    canModify: true,
    patientCollectable: true,
    project: null,
    projectAction: null,
    version: 1,
    details: {},
    ...overrides,
  };
}

const LIST: ConsentList = {
  patientConsensusList: [
    consent({}),
    consent({
      id: '2',
      consentId: 2,
      consentCode: 'CONS_PRJ_CARDIO',
      category: 'PROJECT',
      desc: 'Cuore in Rete',
      modelCode: 'MOD_CONS_PRJ_CARDIO',
      projectId: 3,
      project: { id: 3, code: 'CUORE', name: 'Cuore in Rete' },
      canRevoke: true,
      expired: true,
    }),
    consent({
      id: '3',
      consentId: 3,
      consentCode: 'CONS_PRJ_DIAB',
      category: 'PROJECT',
      desc: 'Diabete Insieme',
      modelCode: 'MOD_CONS_PRJ_DIAB',
      statusCode: 'INVITE',
      signedAt: null,
      medium: null,
      canGive: true,
      patientCollectable: false,
    }),
  ],
  errorMessageList: ['CONSENTS_EXPIRED'],
  notification: { count: 2, colour: 'yellow' },
};

function Where(): JSX.Element {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAs(user: CurrentUser): void {
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/consents/1001']}>
            <Routes>
              <Route path="/consents/:patientId" element={<ConsentsPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
          <ConfirmDialogHost />
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
  fakeServer({ 'GET /api/patients/1001/consensus': () => json(LIST) });
});

afterEach(() => vi.unstubAllGlobals());

describe('ConsentsPage', () => {
  it('groups consents with state chips, the expired flag, the notification in words and the allowed actions', async () => {
    renderAs(PATIENT_MARIO);
    const dossier = await screen.findByRole('article', { name: 'Consenso al Dossier Sanitario Elettronico' });
    expect(within(dossier).getByText('Dato')).toBeTruthy();
    expect(within(dossier).queryByText('Revoca')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dossier e servizi' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Progetti' })).toBeTruthy();
    expect(screen.getByText('Consensi da rivedere')).toBeTruthy();
    expect(screen.getByText('Il paziente ha consensi scaduti da rinnovare')).toBeTruthy();
    const cardio = screen.getByRole('article', { name: 'Cuore in Rete' });
    expect(within(cardio).getByText('Scaduto')).toBeTruthy();
    const diabetes = screen.getByRole('article', { name: 'Diabete Insieme' });
    expect(within(diabetes).getByText('Invito in attesa')).toBeTruthy();
    // Not collectable by the patient: no give button, see the physician.
    expect(within(diabetes).queryByText('Dai il consenso')).toBeNull();
    expect(within(diabetes).getByText('Per questo consenso rivolgiti al tuo medico.')).toBeTruthy();
  });

  it('asks before revoking, then a patient signs the revocation', async () => {
    renderAs(PATIENT_MARIO);
    const cardio = await screen.findByRole('article', { name: 'Cuore in Rete' });
    fireEvent.click(within(cardio).getByText('Revoca'));
    const pending = store.get(confirmAtom);
    expect(pending?.message.values).toMatchObject({ 0: 'Cuore in Rete' });
    pending?.resolve(true);
    const where = await screen.findByTestId('where');
    const url = new URL(where.textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/sign-new-consents');
    expect(url.searchParams.get('action')).toBe('revoke');
    expect(url.searchParams.get('medmakerModel')).toBe('MOD_CONS_PRJ_CARDIO');
    expect(url.searchParams.get('projectId')).toBe('3');
  });

  it('sends staff to the choice of digital or paper collection, and lets them collect what patients cannot', async () => {
    renderAs(PHYSICIAN_VERDI);
    const diabetes = await screen.findByRole('article', { name: 'Diabete Insieme' });
    fireEvent.click(within(diabetes).getByText('Dai il consenso'));
    const where = await screen.findByTestId('where');
    expect(where.textContent).toMatch(
      /^\/select-consent-signer\?.*selectedPatient=1001.*medmakerModel=MOD_CONS_PRJ_DIAB/,
    );
  });

  describe('a project invitation', () => {
    const invitation = consent({
      id: '9',
      consentId: 9,
      consentCode: 'CONS_PRJ_DIAB',
      category: 'PROJECT',
      desc: 'Partecipazione al progetto Diabete Insieme',
      modelCode: 'MOD_CONS_PRJ_DIAB',
      statusCode: 'INVITE',
      projectId: 4,
      project: { id: 4, code: 'DIABETE', name: 'Diabete Insieme' },
      signedAt: null,
      medium: null,
      canGive: true,
      canReject: true,
      projectAction: { kind: 'INVITED', by: 'Dott.ssa Anna Ferrari', at: '2026-11-12T10:00:00.000Z' },
    });
    const withInvitation: ConsentList = { ...LIST, patientConsensusList: [consent({}), invitation] };

    it('asks the patient to answer: accepting is signing the project consent', async () => {
      fakeServer({ 'GET /api/patients/1001/consensus': () => json(withInvitation) });
      renderAs(PATIENT_MARIO);
      const card = await screen.findByRole('article', {
        name: 'Invito al progetto Diabete Insieme',
      });
      expect(
        screen.queryByRole('article', { name: 'Partecipazione al progetto Diabete Insieme' }),
      ).toBeNull();
      expect(within(card).getByText('Invito da Dott.ssa Anna Ferrari, 12/11/2026')).toBeTruthy();
      expect(within(card).getByText('Dettagli').closest('ion-button')?.getAttribute('router-link')).toBe(
        '/projectDetails/4',
      );
      fireEvent.click(within(card).getByText('Accetta e firma'));
      const url = new URL((await screen.findByTestId('where')).textContent ?? '', 'http://x');
      expect(url.pathname).toBe('/sign-new-consents');
      expect(url.searchParams.get('medmakerModel')).toBe('MOD_CONS_PRJ_DIAB');
      expect(url.searchParams.get('projectId')).toBe('4');
    });

    it('refuses only after a confirmation, through the projects call, then shows the list again', async () => {
      let refused = false;
      const server = fakeServer({
        'GET /api/patients/1001/consensus': () =>
          json(refused ? { ...LIST, patientConsensusList: [consent({})] } : withInvitation),
        'PUT /api/projects/4/participants/1001/refusal': () => {
          refused = true;
          return json({ patientProjects: [] });
        },
      });
      renderAs(PATIENT_MARIO);
      const card = await screen.findByRole('article', {
        name: 'Invito al progetto Diabete Insieme',
      });
      fireEvent.click(within(card).getByText('Rifiuta'));
      store.get(confirmAtom)?.resolve(false);
      await Promise.resolve();
      expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);
      fireEvent.click(within(card).getByText('Rifiuta'));
      store.get(confirmAtom)?.resolve(true);
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Invito al progetto Diabete Insieme' })).toBeNull(),
      );
      expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    });

    it('says a participation the project ended, by whom and when, with nothing to sign', async () => {
      const ended = consent({
        ...invitation,
        statusCode: 'REVOKED',
        revokedAt: '2026-11-20T09:00:00.000Z',
        canGive: false,
        canReject: false,
        projectAction: { kind: 'REMOVED', by: 'Dott.ssa Anna Ferrari', at: '2026-11-20T09:00:00.000Z' },
      });
      fakeServer({
        'GET /api/patients/1001/consensus': () => json({ ...LIST, patientConsensusList: [ended] }),
      });
      renderAs(PATIENT_MARIO);
      const card = await screen.findByRole('article', {
        name: 'Partecipazione al progetto Diabete Insieme',
      });
      expect(within(card).getByText('Terminata dal progetto')).toBeTruthy();
      expect(
        within(card).getByText('Partecipazione terminata dal progetto: Dott.ssa Anna Ferrari, 20/11/2026'),
      ).toBeTruthy();
      expect(within(card).queryByText('Revocato')).toBeNull();
      expect(within(card).queryByText('Dai il consenso')).toBeNull();
    });

    it('shows staff the invitation as a consent among the others', async () => {
      fakeServer({ 'GET /api/patients/1001/consensus': () => json(withInvitation) });
      renderAs(PHYSICIAN_VERDI);
      expect(
        await screen.findByRole('article', { name: 'Partecipazione al progetto Diabete Insieme' }),
      ).toBeTruthy();
      expect(screen.queryByText(/Invito al progetto/)).toBeNull();
    });
  });
});
