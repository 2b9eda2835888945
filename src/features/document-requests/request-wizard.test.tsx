import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { documentOf, listOf } from '../../test/documents.fixtures';
import { PATIENT_MARIO } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { confirmAtom } from '../../ui/confirm-dialog';
import { requestDraftAtom } from './draft';
import { DocumentRequestPage } from './request-pages';

let store: AppStore;
const patientId = PATIENT_MARIO.patientId ?? 0;
const documents = listOf([
  documentOf(1, { title: 'Emocromo' }),
  documentOf(2, { title: 'TC torace', accessionNumber: 'ACC1' }),
]);
const settings = {
  'GET /api/documentRequest/availableDelivery': () =>
    json({
      deliveryTypes: [
        { type: 'DESK', modalities: ['SELF', 'DELEGATE'] },
        { type: 'COURIER', modalities: ['SELF'] },
      ],
    }),
  'GET /api/documentRequest/maxNumberOfCopiesAndCharacters': () =>
    json({ maxNumberOfCopies: 5, maxNumberOfCharacters: 60, maxNumberOfItems: 50 }),
  'GET /api/priceList': () =>
    json({
      currency: 'EUR',
      reportCents: { PAPER: 300, PDF: 200, DOSSIER: 0, DVD: 0, USB: 0 },
      imageCents: { PAPER: 0, PDF: 0, DOSSIER: 0, DVD: 1500, USB: 2500 },
      recordCents: { PAPER: 2500, PDF: 1500, DOSSIER: 0, DVD: 0, USB: 0 },
      deliveryFeeCents: { PAPER: 500, COURIER: 1200, DESK: 0 },
      perCopySupports: ['PAPER', 'DVD', 'USB'],
    }),
  'GET /api/documents': () => json(documents),
};

function renderPage(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[`/documentrequest/${patientId}`]}>
            <Routes>
              <Route path="/documentrequest/:patientId" element={<DocumentRequestPage />} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const row = (title: string): HTMLElement => {
  const found = screen.getByText(title).closest('li');
  if (!found) throw new Error(`no row ${title}`);
  return found;
};

/** The confirmation the page asks next (a new one, not `previous`). */
const nextQuestion = (previous?: unknown) =>
  waitFor(() => {
    const asked = store.get(confirmAtom);
    if (!asked || asked === previous) throw new Error('no new question yet');
    return asked;
  });

beforeEach(async () => {
  localStorage.clear();
  store = freshApp();
  await signIn();
  store.set(currentUserAtom, PATIENT_MARIO);
});
afterEach(() => vi.unstubAllGlobals());

describe('/documentrequest', () => {
  it('offers the image flag only where there are studies, and keeps the choice across a restart', async () => {
    fakeServer(settings);
    renderPage();
    await screen.findByText('Emocromo');
    expect(within(row('Emocromo')).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(row('TC torace')).getAllByRole('checkbox')).toHaveLength(2);
    // Each tap goes through the draft atom: wait for the screen rather than assume a synchronous render.
    fireEvent.click(within(row('TC torace')).getByLabelText('Immagini: TC torace'));
    expect(await within(row('TC torace')).findByText('1 copia')).toBeTruthy();
    fireEvent.click(within(row('TC torace')).getByLabelText('Una copia in più'));
    expect(await within(row('TC torace')).findByText('2 copie')).toBeTruthy();
    await waitFor(() => {
      const stored = JSON.parse(
        localStorage.getItem(`draft:documentRequest:${PATIENT_MARIO.id}:REPORTS`) ?? 'null',
      );
      expect(stored?.selected['2']).toMatchObject({ document: false, dicom: true, numCopies: 2 });
    });

    // Closing the app: nothing on screen, a new store reads the draft back from local storage.
    cleanup();
    store = freshApp();
    store.set(currentUserAtom, PATIENT_MARIO);
    renderPage();
    await screen.findByText('TC torace');
    expect(await within(row('TC torace')).findByText('2 copie')).toBeTruthy();
    expect((within(row('TC torace')).getByLabelText('Immagini: TC torace') as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('asks before 0 copies and, once confirmed, cancels the request', async () => {
    fakeServer(settings);
    renderPage();
    await screen.findByText('Emocromo');
    fireEvent.click(within(row('Emocromo')).getByLabelText('Referto: Emocromo'));
    fireEvent.click(await within(row('Emocromo')).findByLabelText('Una copia in meno'));
    const question = await nextQuestion();
    expect(question.message.id).toBeDefined();
    question.resolve(false);
    await waitFor(() => expect(within(row('Emocromo')).getByText('1 copia')).toBeTruthy());
    fireEvent.click(within(row('Emocromo')).getByLabelText('Una copia in meno'));
    const confirmation = await nextQuestion(question);
    confirmation.resolve(true);
    await waitFor(() => expect(store.get(requestDraftAtom(String(PATIENT_MARIO.id), 'REPORTS'))).toBeNull());
    expect(within(row('Emocromo')).queryByText('1 copia')).toBeNull();
  });
});
