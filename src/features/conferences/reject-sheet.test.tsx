import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conference } from '../../contract/conferences';
import type { AppStore } from '../../state/store';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { rejectConference } from './api';
import { RejectSheet } from './reject-sheet';

let store: AppStore;

const conference: Conference = {
  id: 7,
  state: 'INVITED',
  patient: { id: 1, displayName: 'Mario Rossi' },
  requester: { id: 2, displayName: 'Dott.ssa Anna Ferrari' },
  invitee: { id: 3, displayName: 'Mario Rossi' },
  canAnswer: true,
  canJoin: false,
  otherOnline: true,
  rejectionReason: null,
  scheduledAt: null,
  joinOpensAt: null,
  createdAt: '2026-11-24T08:00:00Z',
  answeredAt: null,
  endedAt: null,
};

function renderSheet(onReject: (c: Conference, reason: string) => Promise<void>): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <RejectSheet conference={conference} onClose={vi.fn()} onReject={onReject} />
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

describe('the conference rejection sheet', () => {
  it('refuses an empty reason on the device, then sends the trimmed one', async () => {
    const onReject = vi.fn(async () => undefined);
    renderSheet(onReject);
    fireEvent.click(await screen.findByText('Conferma il rifiuto'));
    expect(await screen.findByText('Il motivo del rifiuto è obbligatorio')).toBeTruthy();
    expect(onReject).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Motivo del rifiuto *'), { target: { value: '  Sono fuori  ' } });
    fireEvent.click(screen.getByText('Conferma il rifiuto'));
    await waitFor(() => expect(onReject).toHaveBeenCalledWith(conference, 'Sono fuori'));
  });

  it("shows the server's refusal of the reason beside the field and keeps the text", async () => {
    const { requests } = fakeServer({
      'PUT /api/conferences/7/reject': () =>
        json(
          {
            status: 400,
            code: 'BAD_REQUEST',
            message: 'Richiesta non valida',
            fields: [{ field: 'message', code: 'required' }],
          },
          400,
        ),
    });
    renderSheet((c, reason) => rejectConference(c.id, reason));
    fireEvent.change(await screen.findByLabelText('Motivo del rifiuto *'), { target: { value: 'x' } });
    fireEvent.click(screen.getByText('Conferma il rifiuto'));
    expect(await screen.findByText('Il motivo del rifiuto è obbligatorio')).toBeTruthy();
    expect((screen.getByLabelText('Motivo del rifiuto *') as HTMLTextAreaElement).value).toBe('x');
    expect(requests.some((request) => request.method === 'PUT')).toBe(true);
  });
});
