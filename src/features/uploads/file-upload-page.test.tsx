import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedDocument } from '../../contract/uploads';
import type { CurrentUser } from '../../contract/user';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { ConfirmDialogHost, confirmAtom } from '../../ui/confirm-dialog';
import { FileUploadPage } from './file-upload-page';

let store: AppStore;
const withUploads = (user: CurrentUser): CurrentUser => ({
  ...user,
  permissionList: [...user.permissionList, 'perm.meview.customDocument.read'],
});

function upload(
  id: number,
  status: UploadedDocument['status'],
  extra: Partial<UploadedDocument> = {},
): UploadedDocument {
  return {
    id,
    patientId: 1001,
    documentType: { code: 'EXT_LAB', desc: 'Esami di laboratorio' },
    title: `Documento ${id}`,
    documentDate: '2026-10-01',
    note: null,
    status,
    rejectionReason: status === 'REJECTED' ? 'Manca la seconda pagina' : null,
    creationDate: '2026-11-20T10:00:00.000Z',
    updateDate: '2026-11-20T10:00:00.000Z',
    reviewedAt: status === 'PENDING' ? null : '2026-11-21T10:00:00.000Z',
    reviewedBy: status === 'PENDING' ? null : 'Dott.ssa Anna Ferrari',
    documentOwner: { owner: 1, first: 'Mario', last: 'Rossi', fiscalCode: 'RSSMRA85T10F205R' },
    approvingPhysicians: [],
    byteSize: 120_000,
    dossierDocumentId: status === 'VALIDATED' ? 77 : null,
    canModify: status === 'PENDING' && !('canReview' in extra),
    canReview: false,
    ...extra,
  };
}

const list = (documents: UploadedDocument[]) => () =>
  json({ documents, paging: { totalCount: documents.length, totalPage: 1, max: 100, offset: 0 } });

function renderPage(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={['/fileUpload']}>
            <Routes>
              <Route path="/fileUpload" element={<FileUploadPage />} />
              <Route path="/home" element={<p>home</p>} />
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
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/fileUpload', () => {
  it('sends users without perm.meview.customDocument.read home', async () => {
    store.set(currentUserAtom, PATIENT_MARIO);
    renderPage();
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it("groups a patient's uploads, shows the rejection reason, and deletes a pending one after confirming", async () => {
    store.set(currentUserAtom, withUploads(PATIENT_MARIO));
    let documents = [upload(1, 'PENDING'), upload(2, 'REJECTED'), upload(3, 'VALIDATED')];
    const server = fakeServer({
      'GET /api/uploadedDocuments': () => list(documents)(),
      'GET /api/uploadedDocuments/customDocumentTypes': () => json({ documentTypes: [] }),
      'GET /api/uploadedDocuments/physicians': () => json({ physicians: [] }),
      'DELETE /api/uploadedDocuments/1': () => {
        documents = documents.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    const rejected = await screen.findByRole('region', { name: 'Rifiutati' });
    expect(within(rejected).getByText('Manca la seconda pagina')).toBeTruthy();
    expect(within(rejected).queryByText('Elimina')).toBeNull();
    const approved = screen.getByRole('region', { name: 'Approvati e nel dossier' });
    expect(within(approved).getByText('Apri nel dossier')).toBeTruthy();
    const pending = screen.getByRole('region', { name: 'In attesa di approvazione' });
    fireEvent.click(within(pending).getByText('Elimina'));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(true);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'In attesa di approvazione' })).toBeNull(),
    );
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/uploadedDocuments/1')).toBe(
      true,
    );
  });

  it('shows an approval made elsewhere when the screen becomes visible again, without a reload', async () => {
    store.set(currentUserAtom, withUploads(PATIENT_MARIO));
    let documents = [upload(1, 'PENDING')];
    const server = fakeServer({
      'GET /api/uploadedDocuments': () => list(documents)(),
      'GET /api/uploadedDocuments/customDocumentTypes': () => json({ documentTypes: [] }),
      'GET /api/uploadedDocuments/physicians': () => json({ physicians: [] }),
    });
    const listCalls = () => server.requests.filter((r) => r.path === '/api/uploadedDocuments').length;
    renderPage();
    await screen.findByRole('region', { name: 'In attesa di approvazione' });
    expect(listCalls()).toBe(1);
    documents = [upload(1, 'VALIDATED')];
    const later = Date.now() + 5_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    fireEvent(document, new Event('visibilitychange'));
    expect(await screen.findByRole('region', { name: 'Approvati e nel dossier' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'In attesa di approvazione' })).toBeNull();
    expect(listCalls()).toBe(2);
  });

  it('lets a physician reject only with a reason', async () => {
    store.set(currentUserAtom, withUploads(PHYSICIAN_VERDI));
    const server = fakeServer({
      'GET /api/uploadedDocuments': list([upload(5, 'PENDING', { canModify: false, canReview: true })]),
      'GET /api/uploadedDocuments/5/content': () => new Response(new Uint8Array([1, 2, 3])),
      'PUT /api/uploadedDocuments/5/reject': () => json(upload(5, 'REJECTED', { canModify: false })),
    });
    renderPage();
    const toReview = await screen.findByRole('region', { name: 'Da approvare' });
    expect(within(toReview).getByText('Mario Rossi · RSSMRA85T10F205R')).toBeTruthy();
    fireEvent.click(within(toReview).getByText('Apri ed esamina'));
    fireEvent.click(await screen.findByText('Rifiuta'));
    fireEvent.click(await screen.findByText('Conferma il rifiuto'));
    expect((await screen.findByText('Il motivo del rifiuto è obbligatorio')).getAttribute('role')).toBe(
      'alert',
    );
    expect(server.requests.some((r) => r.path.endsWith('/reject'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Motivo del rifiuto *'), { target: { value: 'Illeggibile' } });
    fireEvent.click(screen.getByText('Conferma il rifiuto'));
    await waitFor(() =>
      expect(server.requests.some((r) => r.method === 'PUT' && r.path.endsWith('/5/reject'))).toBe(true),
    );
  });
});
