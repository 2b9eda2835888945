import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../state/store';
import { freshApp } from '../test/helpers';
import { ToastHost } from './toast-host';
import { dismissToast, STATUS_STACK_ID, showToast, TOAST_WIDTH_PX, toastQueueAtom } from './toasts';

interface ToastElement extends HTMLElement {
  duration: number;
  positionAnchor?: string;
  message: string;
  color: string;
  buttons: { text: string; role?: string }[];
}

let store: AppStore;

function renderHost(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ToastHost />
      </I18nProvider>
    </Provider>,
  );
}

function shownToast(): ToastElement | null {
  return document.querySelector<ToastElement>('ion-toast');
}

/** The toast on screen, once its lazily loaded view has rendered it. */
function nextToast(): Promise<ToastElement> {
  return waitFor(() => {
    const toast = shownToast();
    if (!toast?.message) throw new Error('no toast yet');
    return toast;
  });
}

beforeEach(() => {
  store = freshApp();
});

describe('toasts', () => {
  it.each([
    ['success', 2500, 'success'],
    ['warning', 10_000, 'warning'],
    ['error', 0, 'danger'],
  ] as const)('a %s toast lasts %i ms (0: until closed)', async (kind, duration, color) => {
    renderHost();
    act(() => {
      showToast(kind, msg`Operazione eseguita`);
    });
    const toast = await nextToast();
    expect(toast?.duration).toBe(duration);
    expect(toast?.color).toBe(color);
    expect(toast?.message).toBe('Operazione eseguita');
    expect(toast?.buttons.map((b) => b.text)).toEqual(['Chiudi']);
    expect(toast?.classList.contains('app-toast')).toBe(true);
  });

  it('keeps an error until it is closed, then shows the next one', async () => {
    renderHost();
    let first = 0;
    act(() => {
      first = showToast('error', msg`Accesso negato`);
      showToast('success', msg`Salvato`);
    });
    expect((await nextToast()).message).toBe('Accesso negato');
    act(() => dismissToast(first));
    await waitFor(() => expect(shownToast()?.message).toBe('Salvato'));
    expect(store.get(toastQueueAtom)).toHaveLength(1);
  });

  it('does not stack the same message twice', () => {
    act(() => {
      showToast('error', msg`Accesso negato`);
      showToast('error', msg`Accesso negato`);
    });
    expect(store.get(toastQueueAtom)).toHaveLength(1);
  });

  it('is 350 px wide', () => {
    expect(TOAST_WIDTH_PX).toBe(350);
  });

  it('sits above the offline card while it shows, not on top of it', async () => {
    const stack = document.createElement('div');
    stack.id = STATUS_STACK_ID;
    stack.getClientRects = () => [new DOMRect(0, 700, 390, 56)] as unknown as DOMRectList;
    document.body.append(stack);
    renderHost();
    act(() => {
      showToast('error', msg`Accesso negato`);
    });
    expect((await nextToast()).positionAnchor).toBeUndefined(); // no card: the usual place
    act(() => {
      store.set(toastQueueAtom, []);
    });
    stack.append(document.createElement('div'));
    act(() => {
      showToast('error', msg`Accesso negato`);
    });
    expect((await nextToast()).positionAnchor).toBe(STATUS_STACK_ID);
    stack.remove();
  });
});
