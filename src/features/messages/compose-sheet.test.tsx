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

function renderSheet(onSent = vi.fn()): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <ComposeSheet open userKey="1" patientId={null} onClose={vi.fn()} onSent={onSent} />
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

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
