import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noObscuring } from '../../contract/documents';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { documentOf, listOf } from '../../test/documents.fixtures';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { toastQueueAtom } from '../../ui/toasts';
import { ObscuringPage } from './obscuring-page';
import { obscuringChoiceAtom } from './selection';

let store: AppStore;
const MARIO = {
  ...PATIENT_MARIO,
  permissionList: [...PATIENT_MARIO.permissionList, 'perm.meview.document.obscure' as const],
};
const patientId = MARIO.patientId ?? 0;
const hidden = documentOf(2, {
  title: 'Visita psicologica',
  obscuringInfo: { ...noObscuring, general: true },
});
const documents = listOf([documentOf(1, { title: 'Emocromo' }), hidden]);

function renderPage(path = `/DocumentObscurement/${patientId}`): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/DocumentObscurement/:patientId" element={<ObscuringPage />} />
              <Route path="/DocumentObscurement/:patientId/sign" element={<p>wizard</p>} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const item = (title: string): HTMLElement => {
  const found = screen.getByText(title).closest('li');
  if (!found) throw new Error(`no item ${title}`);
  return found;
};

beforeEach(async () => {
  store = freshApp();
  await signIn();
  store.set(currentUserAtom, MARIO);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/DocumentObscurement', () => {
  it('proposes hiding a visible document from all staff and showing a hidden one again', async () => {
    fakeServer({ 'GET /api/documents': () => json(documents) });
    renderPage();
    await screen.findByText('Emocromo');
    expect(within(item('Visita psicologica')).getByText('Tutti gli operatori sanitari')).toBeTruthy();
    const sign = screen.getByText('Firma la richiesta').closest('ion-button');
    expect(sign?.getAttribute('disabled')).not.toBeNull();

    fireEvent.click(within(item('Emocromo')).getByRole('checkbox'));
    fireEvent.click(within(item('Visita psicologica')).getByRole('checkbox'));
    expect(within(item('Emocromo')).getByText('Dopo la firma')).toBeTruthy();
    expect(within(item('Emocromo')).getByText('Tutti gli operatori sanitari')).toBeTruthy();
    expect(within(item('Visita psicologica')).getAllByText('Visibile a tutti')).toHaveLength(1);
    expect(screen.getByText('2 documenti da modificare')).toBeTruthy();
    expect(store.get(obscuringChoiceAtom(String(MARIO.id)))?.documents[1]?.next).toEqual({
      ...noObscuring,
      general: true,
    });
  });

  it('chooses the viewers in the sheet', async () => {
    fakeServer({ 'GET /api/documents': () => json(documents) });
    renderPage();
    await screen.findByText('Emocromo');
    fireEvent.click(within(item('Emocromo')).getByRole('checkbox'));
    fireEvent.click(screen.getByLabelText('Scegli a chi nascondere: Emocromo'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Tutti gli operatori sanitari/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Figli' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Genitori' }));
    fireEvent.click(screen.getByText('Applica'));
    await waitFor(() =>
      expect(store.get(obscuringChoiceAtom(String(MARIO.id)))?.documents[1]?.next).toEqual({
        ...noObscuring,
        son: true,
        parent: true,
      }),
    );
    expect(within(item('Emocromo')).getByText('Figli')).toBeTruthy();
    expect(screen.getByText('1 documento da modificare')).toBeTruthy();
  });

  it('confirms a signed request on return from the wizard, then forgets the choice', async () => {
    store.set(obscuringChoiceAtom(String(MARIO.id)), {
      patientId,
      documents: { 1: { title: 'Emocromo', current: noObscuring, next: { ...noObscuring, general: true } } },
    });
    const server = fakeServer({
      'GET /api/documents': () => json(documents),
      'PUT /api/documents/obscure': () =>
        json({
          patientId,
          documents: [{ documentId: 1, title: 'Emocromo', obscuringInfo: { ...noObscuring, general: true } }],
        }),
    });
    renderPage(`/DocumentObscurement/${patientId}?confirm=41`);
    await waitFor(() => expect(store.get(obscuringChoiceAtom(String(MARIO.id)))).toBeNull());
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(store.get(toastQueueAtom).map((toast) => toast.kind)).toEqual(['success']);
  });

  it('counts a document that already has the chosen viewers as no change', async () => {
    store.set(obscuringChoiceAtom(String(MARIO.id)), {
      patientId,
      documents: {
        2: { title: 'Visita psicologica', current: noObscuring, next: { ...noObscuring, general: true } },
      },
    });
    fakeServer({ 'GET /api/documents': () => json(documents) });
    renderPage();
    await screen.findByText('Emocromo');
    expect(await screen.findByText('0 documenti da modificare')).toBeTruthy();
    expect(within(item('Visita psicologica')).getByText('Nessuna modifica')).toBeTruthy();
    expect(store.get(obscuringChoiceAtom(String(MARIO.id)))?.documents[2]?.current).toEqual(
      hidden.obscuringInfo,
    );
  });

  it('tells staff and users without the permission that only the patient can hide documents', async () => {
    store.set(currentUserAtom, PHYSICIAN_VERDI);
    fakeServer({});
    renderPage();
    expect(await screen.findByText(/Non disponi del permesso per oscurare i documenti/)).toBeTruthy();
  });
});
