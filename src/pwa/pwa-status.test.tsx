import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { PwaStatus } from './pwa-status';
import type { UpdatableWorkbox } from './sw-update';
import { connectWorkbox, needRefreshAtom } from './sw-update';

type Listener = Parameters<UpdatableWorkbox['addEventListener']>[1];
type FakeWorkbox = UpdatableWorkbox & { emit: (type: 'waiting' | 'controlling') => void; posted: unknown[] };

/** A stand-in for workbox-window's Workbox: records SKIP_WAITING and lets the test fire lifecycle events. */
function fakeWorkbox(): FakeWorkbox {
  const listeners = new Map<string, Listener[]>();
  const posted: unknown[] = [];
  return {
    posted,
    addEventListener: (type, listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    messageSkipWaiting: () => {
      posted.push({ type: 'SKIP_WAITING' });
    },
    emit: (type) => {
      for (const listener of listeners.get(type) ?? []) listener({ isUpdate: true, isExternal: false });
    },
  };
}

function renderStatus(store = createStore()): ReturnType<typeof createStore> {
  render(
    <I18nProvider i18n={i18n}>
      <Provider store={store}>
        <PwaStatus />
      </Provider>
    </I18nProvider>,
  );
  return store;
}

const offlineText = 'Sei offline: alcune funzioni non sono disponibili';
const updateText = 'È disponibile una nuova versione';

beforeAll(() => {
  // The client setup file activates Lingui; without it, the source (Italian) texts render from an empty catalog.
  if (!i18n.locale) i18n.loadAndActivate({ locale: 'it', messages: {} });
});

describe('PwaStatus', () => {
  test('shows the offline banner while offline, in a polite live region', () => {
    connectWorkbox(fakeWorkbox());
    renderStatus();
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByText(offlineText)).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(region.textContent).toContain(offlineText);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(offlineText)).toBeNull();
  });

  test('offers the update when a worker waits, posts SKIP_WAITING and reloads once it controls', () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    connectWorkbox(workbox, { reload });
    renderStatus();
    expect(screen.queryByText(updateText)).toBeNull();

    act(() => workbox.emit('waiting'));
    expect(screen.getByText(updateText)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Aggiorna'));
    expect(workbox.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();

    act(() => workbox.emit('controlling'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('"Più tardi" hides the prompt; the atom alone drives it', () => {
    connectWorkbox(fakeWorkbox(), { reload: vi.fn() });
    const store = renderStatus();
    act(() => store.set(needRefreshAtom, true));
    expect(screen.getByText(updateText)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Più tardi'));
    expect(screen.queryByText(updateText)).toBeNull();
    expect(store.get(needRefreshAtom)).toBe(false);
  });

  test('reloads at once when another tab already activated the waiting worker', () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    connectWorkbox(workbox, { reload });
    renderStatus();
    act(() => workbox.emit('waiting'));
    act(() => workbox.emit('controlling'));
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('Aggiorna'));
    expect(workbox.posted).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
