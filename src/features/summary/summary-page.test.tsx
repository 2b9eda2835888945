import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../contract/user';
import { changeLocale } from '../../i18n/i18n';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { IPS_BUNDLE } from '../../test/ips.fixtures';
import { SummaryPage } from './summary-page';

let store: AppStore;
const SUMMARY = 'GET /fhir/Patient/1001/$summary';
const GUEST: CurrentUser = { ...PATIENT_MARIO, id: 7, userType: 'GUE', displayName: 'Lucia Rossi' };
const grant = (rights: string[]) => ({
  grants: [
    {
      patientId: 1001,
      patientName: 'Mario Rossi',
      relationship: 'son',
      accessTitle: { code: 'delegation', desc: 'Delega' },
      deadline: '2027-01-01',
      rights,
      sharedDocuments: 0,
    },
  ],
});

function Where(): JSX.Element {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(user: CurrentUser, path: string): void {
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/summary" element={<SummaryPage />} />
              <Route path="/summary/:patientId" element={<SummaryPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const saved: string[] = [];

beforeEach(async () => {
  store = freshApp();
  await changeLocale('it');
  await signIn();
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SummaryPage', () => {
  it("shows the patient's summary through the IPS renderer, with both downloads and the link to share it", async () => {
    const server = fakeServer({
      [SUMMARY]: () => json(IPS_BUNDLE),
      'GET /api/summary/pdf': () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="sintesi-2026-11-28.pdf"',
          },
        }),
    });
    renderAt(PATIENT_MARIO, '/summary');
    expect(await screen.findByRole('region', { name: 'Problemi' })).toBeTruthy();
    expect(screen.getByText('Ipertensione arteriosa')).toBeTruthy();
    const share = screen.getByText('Condividi con un link').closest('ion-button');
    expect(share?.getAttribute('router-link')).toBe('/shared-links?new=1');
    const whole = screen.getByText('Scarica tutto il fascicolo').closest('ion-button');
    expect(whole?.getAttribute('router-link')).toBe('/export');

    // The index jumps to a section: it scrolls there and takes the focus.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.click(screen.getByRole('button', { name: 'Risultati di laboratorio 1' }));
    const results = screen.getByRole('region', { name: 'Risultati di laboratorio' });
    expect(scrolled).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(results);

    fireEvent.click(screen.getByText('Scarica FHIR (JSON)'));
    expect(saved).toEqual(['sintesi-2026-11-28.json']);
    fireEvent.click(screen.getByText('Scarica PDF'));
    await waitFor(() => expect(saved).toContain('sintesi-2026-11-28.pdf'));
    const pdf = server.requests.find((request) => request.path === '/api/summary/pdf');
    expect(pdf?.search.get('patientId')).toBe('1001');
  });

  it("gives staff the patient's summary by id, with the downloads and no sharing", async () => {
    fakeServer({ [SUMMARY]: () => json(IPS_BUNDLE) });
    renderAt(PHYSICIAN_VERDI, '/summary/1001');
    expect(await screen.findByRole('region', { name: 'Risultati di laboratorio' })).toBeTruthy();
    expect(screen.getByText('Scarica PDF')).toBeTruthy();
    expect(screen.queryByText('Condividi con un link')).toBeNull();
    expect(screen.queryByText('Scarica tutto il fascicolo')).toBeNull();
  });

  it('sends staff without a patient to their patients, and the patient side to their own summary', async () => {
    fakeServer({ [SUMMARY]: () => json(IPS_BUNDLE) });
    renderAt(PHYSICIAN_VERDI, '/summary');
    expect((await screen.findByTestId('where')).textContent).toBe('/myPatients');
  });

  it('lets a guest with the download right download and share', async () => {
    fakeServer({
      [SUMMARY]: () => json(IPS_BUNDLE),
      'GET /api/guests/grants': () => json(grant(['dossier', 'download'])),
    });
    renderAt(GUEST, '/summary');
    expect(await screen.findByText('Condividi con un link')).toBeTruthy();
    expect(screen.getByText('Scarica PDF')).toBeTruthy();
  });

  it('tells a guest without the download right why there is nothing to download or share', async () => {
    fakeServer({
      [SUMMARY]: () => json(IPS_BUNDLE),
      'GET /api/guests/grants': () => json(grant(['dossier'])),
    });
    renderAt(GUEST, '/summary');
    expect(
      await screen.findByText('Per scaricare la sintesi serve il permesso di scaricare i documenti.'),
    ).toBeTruthy();
    expect(screen.queryByText('Scarica PDF')).toBeNull();
    expect(screen.queryByText('Condividi con un link')).toBeNull();
    expect(screen.getByRole('region', { name: 'Problemi' })).toBeTruthy();
  });

  it('says why when the summary cannot be read', async () => {
    fakeServer({
      [SUMMARY]: () =>
        json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'forbidden', diagnostics: 'DOSSIER_NOT_AUTHORIZED' }],
          },
          403,
        ),
    });
    renderAt(PHYSICIAN_VERDI, '/summary/1001');
    expect(await screen.findByText('Riprova')).toBeTruthy();
  });
});
