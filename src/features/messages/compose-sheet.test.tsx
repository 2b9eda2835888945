import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../state/store';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { ComposeSheet } from './compose-sheet';
import { messageDraftAtom } from './draft';

let store: AppStore;
const ferrari = { id: 4, displayName: 'Dott.ssa Anna Ferrari', userType: 'PHY', unit: 'Pronto soccorso' };

const sentReply = {
  id: 7,
  subject: 'Pressione',
  preview: 'Ho la pressione alta',
  sender: { id: 1, displayName: 'Mario Rossi' },
  recipients: [{ id: 4, displayName: ferrari.displayName, readAt: null }],
  patientId: 1,
  dateCreated: '2026-11-24T05:00:00.000Z',
  readAt: null,
  hasAttachment: false,
  body: 'Ho la pressione alta',
  attachment: null,
  replyToId: null,
  thread: [],
};

function renderSheet(onSent = vi.fn(), staff = false): () => void {
  return render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <ComposeSheet open userKey="1" patientId={null} staff={staff} onClose={vi.fn()} onSent={onSent} />
        </IonApp>
      </I18nProvider>
    </Provider>,
  ).unmount;
}

const mario = { id: 1, displayName: 'Mario Rossi', userType: 'PAT', unit: null };
const pdf = (): File =>
  new File([new TextEncoder().encode('%PDF-1.7 esame %%EOF')], 'esame.pdf', {
    type: 'application/pdf',
  });

beforeEach(async () => {
  store = freshApp();
  await signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the compose sheet', () => {
  it('keeps every keystroke in the per-user draft and says what is missing', async () => {
    fakeServer({ 'GET /api/messages/recipientList': () => json({ recipients: [ferrari] }) });
    renderSheet();
    fireEvent.click(await screen.findByLabelText(/Anna Ferrari/));
    fireEvent.change(screen.getByLabelText('Oggetto *'), { target: { value: 'Pressione' } });
    fireEvent.click(screen.getByText('Invia'));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    expect(store.get(messageDraftAtom('1'))).toMatchObject({
      recipientIds: [4],
      subject: 'Pressione',
      body: '',
    });
  });

  it('lets staff find a patient by name and ticks the patient as the recipient', async () => {
    const server = fakeServer({
      'GET /api/messages/patients': () =>
        json({
          patients: [
            {
              patientId: 1001,
              displayName: 'Mario Rossi',
              fiscalCode: 'RSSMRA58C14F205X',
              birthDate: '1958-03-14',
            },
          ],
          more: false,
        }),
      'GET /api/messages/recipientList': (request) =>
        json({ recipients: request.search.get('patientId') === '1001' ? [mario, ferrari] : [ferrari] }),
    });
    renderSheet(vi.fn(), true);
    fireEvent.change(await screen.findByLabelText('Cerca un paziente'), { target: { value: 'r' } });
    expect(await screen.findByText('Scrivi almeno 2 caratteri.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cerca un paziente'), { target: { value: 'ross' } });
    fireEvent.click(await screen.findByText('Mario Rossi'));
    await waitFor(() => expect(store.get(messageDraftAtom('1'))?.recipientIds).toEqual([1]));
    expect(store.get(messageDraftAtom('1'))).toMatchObject({ patientId: 1001, patientName: 'Mario Rossi' });
    expect((screen.getByLabelText('Mario Rossi') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Cambia paziente')).toBeTruthy();
    const searches = server.requests.filter((request) => request.path === '/api/messages/patients');
    expect(searches.map((request) => request.search.get('q'))).toContain('ross');
    expect(searches.map((request) => request.search.get('q'))).not.toContain('r');
  });

  it('keeps the attachment with the draft when the sheet (or the app) is closed', async () => {
    fakeServer({
      'GET /api/messages/recipientList': () => json({ recipients: [ferrari] }),
      'POST /api/messages': () => json(sentReply, 201),
    });
    const unmount = renderSheet();
    await screen.findByLabelText(/Anna Ferrari/);
    fireEvent.change(screen.getByLabelText('Allega un PDF (facoltativo)'), { target: { files: [pdf()] } });
    expect(await screen.findByText('esame.pdf')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('draft:messageFile:1')).not.toBeNull());
    unmount();
    const onSent = vi.fn();
    renderSheet(onSent);
    expect(await screen.findByText('esame.pdf')).toBeTruthy();
    fireEvent.click(await screen.findByLabelText(/Anna Ferrari/));
    fireEvent.change(screen.getByLabelText('Oggetto *'), { target: { value: 'Esame' } });
    fireEvent.change(screen.getByLabelText('Messaggio *'), { target: { value: 'In allegato' } });
    fireEvent.click(screen.getByText('Invia'));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(localStorage.getItem('draft:messageFile:1')).toBeNull();
  });

  it('says a send failed and keeps the draft; a sent message clears it', async () => {
    let refuse = true;
    const server = fakeServer({
      'GET /api/messages/recipientList': () => json({ recipients: [ferrari] }),
      'POST /api/messages': () =>
        refuse
          ? json({ status: 429, code: 'RATE_LIMITED', message: 'Troppi tentativi, riprova più tardi' }, 429)
          : json(sentReply, 201),
    });
    const onSent = vi.fn();
    renderSheet(onSent);
    fireEvent.click(await screen.findByLabelText(/Anna Ferrari/));
    fireEvent.change(screen.getByLabelText('Oggetto *'), { target: { value: 'Pressione' } });
    fireEvent.change(screen.getByLabelText('Messaggio *'), { target: { value: 'Ho la pressione alta' } });
    fireEvent.click(screen.getByText('Invia'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Errore nell'invio del messaggio");
    expect(alert.textContent).toContain('Troppe richieste');
    expect(onSent).not.toHaveBeenCalled();
    expect(store.get(messageDraftAtom('1'))?.body).toBe('Ho la pressione alta');
    expect((screen.getByLabelText('Messaggio *') as HTMLTextAreaElement).value).toBe('Ho la pressione alta');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    refuse = false;
    fireEvent.click(screen.getByText('Invia'));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(store.get(messageDraftAtom('1'))).toBeNull();
  });
});
