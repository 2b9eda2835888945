import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../state/store';
import { freshApp } from '../test/helpers';
import { ConfirmDialogHost, confirm } from './confirm-dialog';

let store: AppStore;

beforeEach(() => {
  store = freshApp();
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ConfirmDialogHost />
      </I18nProvider>
    </Provider>,
  );
});

describe('confirm()', () => {
  it('asks, with a green Ok and an orange cancel, and resolves with the answer', async () => {
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ header: msg`Esci`, message: msg`Vuoi uscire?` });
    });
    expect(await screen.findByRole('alertdialog', { name: 'Esci' })).toBeTruthy();
    const ok = screen.getByRole('button', { name: 'Ok' });
    expect(ok.classList.contains('confirm-ok')).toBe(true);
    expect(screen.getByRole('button', { name: 'Annulla' }).classList.contains('confirm-cancel')).toBe(true);
    fireEvent.click(ok);
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('resolves false when cancelled', async () => {
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ header: msg`Esci`, message: msg`Vuoi uscire?` });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Annulla' }));
    await expect(answer).resolves.toBe(false);
  });

  it('marks a destructive confirmation: a danger button saying what it does', async () => {
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({
        header: msg`Revocare il consenso?`,
        message: msg`La revoca vale da subito.`,
        confirmLabel: msg`Revoca il consenso`,
        destructive: true,
      });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Revocare il consenso?' });
    expect(dialog.closest('ion-alert')?.classList.contains('confirm-dialog--destructive')).toBe(true);
    const revoke = screen.getByRole('button', { name: 'Revoca il consenso' });
    expect(revoke.classList.contains('confirm-destructive')).toBe(true);
    fireEvent.click(revoke);
    await expect(answer).resolves.toBe(true);
  });

  it('leaves an ordinary confirmation without the danger style', async () => {
    act(() => {
      void confirm({ header: msg`Esci`, message: msg`Vuoi uscire?` });
    });
    const ok = await screen.findByRole('button', { name: 'Ok' });
    expect(ok.classList.contains('confirm-destructive')).toBe(false);
  });
});
