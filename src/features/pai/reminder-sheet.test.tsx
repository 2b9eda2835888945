import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaiActivity } from '../../contract/pai';
import type { AppStore } from '../../state/store';
import { freshApp, signIn } from '../../test/helpers';
import { ReminderSheet } from './reminder-sheet';

let store: AppStore;

const activity: PaiActivity = {
  activityId: 12,
  title: 'Visita diabetologica di controllo',
  description: '',
  plannedDate: '2026-12-01',
  status: 'TODO',
  deliveryDate: null,
  doneBy: null,
  reminderDays: [1],
  reminderDefault: true,
};

function renderSheet(onSave: (a: PaiActivity, days: number[] | null) => Promise<void>): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <ReminderSheet activity={activity} onClose={vi.fn()} onSave={onSave} />
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

describe('the reminder sheet of a care-plan activity', () => {
  it('starts from the current days, toggles chips, stops at five and saves the choice', async () => {
    const onSave = vi.fn(async () => undefined);
    renderSheet(onSave);
    const dayBefore = await screen.findByRole('button', { name: '1 giorno prima' });
    expect(dayBefore.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(dayBefore);
    for (const name of [
      'Il giorno stesso',
      '2 giorni prima',
      '3 giorni prima',
      '7 giorni prima',
      '14 giorni prima',
    ])
      fireEvent.click(screen.getByRole('button', { name }));
    // Five chosen: the others wait until one is taken away.
    expect((screen.getByRole('button', { name: '30 giorni prima' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByText('Salva'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(activity, [0, 2, 3, 7, 14]));
  });

  it('goes back to the general preferences, and keeps the choice when saving fails', async () => {
    const onSave = vi.fn(async (_activity: PaiActivity, days: number[] | null) => {
      if (days !== null) throw new Error('offline');
    });
    renderSheet(onSave);
    fireEvent.click(await screen.findByRole('button', { name: '7 giorni prima' }));
    fireEvent.click(screen.getByText('Salva'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: '7 giorni prima' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByText('Usa le preferenze generali'));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith(activity, null));
  });
});
