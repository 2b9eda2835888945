import { DefaultIonLifeCycleContext, IonLifeCycleContext } from '@ionic/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page } from './use-loader';
import { RETURN_REFRESH_GAP_MS, useLoader, usePagedLoader } from './use-loader';

/** A load whose answers the test gives one by one. */
function scripted<T>(): { load: () => Promise<T>; answer: (value: T | Error) => void; calls: () => number } {
  const pending: ((value: T | Error) => void)[] = [];
  let calls = 0;
  return {
    load: () => {
      calls++;
      return new Promise<T>((resolve, reject) =>
        pending.push((value) => (value instanceof Error ? reject(value) : resolve(value))),
      );
    },
    answer: (value) => {
      const next = pending.shift();
      if (!next) throw new Error('no load is waiting');
      next(value);
    },
    calls: () => calls,
  };
}

/** Starts `run` (a reload, a load more), answers the load it waits on, and waits for it to settle. */
async function settle(run: () => Promise<void>, answer: () => void): Promise<void> {
  let running: Promise<void> = Promise.resolve();
  act(() => {
    running = run();
  });
  await act(async () => {
    answer();
    await running;
  });
}

describe('useLoader', () => {
  it('goes from loading to ready, and to error when a reload fails', async () => {
    const source = scripted<string>();
    const { result } = renderHook(() => useLoader(source.load));
    expect(result.current.state.status).toBe('loading');
    await act(async () => source.answer('referto'));
    expect(result.current.state).toEqual({ status: 'ready', value: 'referto', stale: null });

    await settle(
      () => result.current.reload(),
      () => source.answer(new Error('offline')),
    );
    expect(result.current.state.status).toBe('error');
  });

  it('keeps the last good value, marked stale, when a reload fails (offline fallback)', async () => {
    const source = scripted<string>();
    const loaded: string[] = [];
    const { result } = renderHook(() =>
      useLoader(source.load, { keepOnError: true, onLoaded: (value) => loaded.push(value) }),
    );
    await act(async () => source.answer('primo'));

    await settle(
      () => result.current.reload(),
      () => source.answer(new Error('offline')),
    );
    expect(result.current.state).toMatchObject({ status: 'ready', value: 'primo', stale: { reason: null } });

    await settle(
      () => result.current.reload(),
      () => source.answer('secondo'),
    );
    expect(result.current.state).toEqual({ status: 'ready', value: 'secondo', stale: null });
    expect(loaded).toEqual(['primo', 'secondo']);
  });

  it('shows an error, not a stale value, when the very first load fails', async () => {
    const source = scripted<string>();
    const { result } = renderHook(() => useLoader(source.load, { keepOnError: true }));
    await act(async () => source.answer(new Error('offline')));
    expect(result.current.state.status).toBe('error');
  });

  it('loads nothing while disabled', () => {
    const source = scripted<string>();
    const { result } = renderHook(() => useLoader(source.load, { enabled: false }));
    expect(result.current.state.status).toBe('loading');
    expect(source.calls()).toBe(0);
  });

  it('makes one request for the readers of one key that load at the same moment, and gives each the answer', async () => {
    const source = scripted<string>();
    const { result } = renderHook(() => [
      useLoader(source.load, { key: 'notifications' }),
      useLoader(source.load, { key: 'notifications' }),
      useLoader(source.load, { key: 'projects' }),
    ]);
    expect(source.calls()).toBe(2);
    await act(async () => {
      source.answer('conteggi');
      source.answer('progetti');
    });
    expect(result.current.map((reader) => reader.state)).toEqual([
      { status: 'ready', value: 'conteggi', stale: null },
      { status: 'ready', value: 'conteggi', stale: null },
      { status: 'ready', value: 'progetti', stale: null },
    ]);
  });
});

interface Row {
  id: number;
}
const rows = (...ids: number[]): Row[] => ids.map((id) => ({ id }));

describe('usePagedLoader', () => {
  function pagedSource(): {
    asked: { page: number; offset: number }[];
    answer: (value: Page<Row> | Error) => void;
    loadPage: (next: { page: number; offset: number }) => Promise<Page<Row>>;
  } {
    const source = scripted<Page<Row>>();
    const asked: { page: number; offset: number }[] = [];
    return {
      asked,
      answer: source.answer,
      loadPage: (next) => {
        asked.push(next);
        return source.load();
      },
    };
  }

  it('appends the next page, asking for it by number and offset, until there is no more', async () => {
    const source = pagedSource();
    const { result } = renderHook(() => usePagedLoader<Row>(source.loadPage));
    await act(async () => source.answer({ items: rows(1, 2), total: 3, more: true }));
    expect(result.current.hasMore).toBe(true);

    let more: Promise<void> = Promise.resolve();
    act(() => {
      more = result.current.loadMore();
    });
    expect(result.current.loadingMore).toBe(true);
    await act(async () => {
      source.answer({ items: rows(3), total: 3, more: false });
      await more;
    });
    expect(source.asked).toEqual([
      { page: 1, offset: 0 },
      { page: 2, offset: 2 },
    ]);
    expect(result.current.state).toMatchObject({
      status: 'ready',
      value: { items: rows(1, 2, 3), total: 3 },
    });
    expect(result.current.hasMore).toBe(false);
    expect(result.current.loadingMore).toBe(false);
    await act(async () => result.current.loadMore());
    expect(source.asked).toHaveLength(2);
  });

  it('skips items already listed when keyed, and keeps the list when a page fails', async () => {
    const source = pagedSource();
    const { result } = renderHook(() => usePagedLoader<Row>(source.loadPage, { keyOf: (row) => row.id }));
    await act(async () => source.answer({ items: rows(1, 2), total: 4, more: true }));

    await settle(
      () => result.current.loadMore(),
      () => source.answer(new Error('offline')),
    );
    expect(result.current.state).toMatchObject({ value: { items: rows(1, 2) } });
    expect(result.current.hasMore).toBe(true);

    await settle(
      () => result.current.loadMore(),
      () => source.answer({ items: rows(2, 3), total: 4, more: false }),
    );
    expect(source.asked.at(-1)).toEqual({ page: 2, offset: 2 });
    expect(result.current.state).toMatchObject({ value: { items: rows(1, 2, 3) } });
  });

  it('drops a page that arrives after a reload, and starts again from the first page', async () => {
    const source = pagedSource();
    const { result } = renderHook(() => usePagedLoader<Row>(source.loadPage));
    await act(async () => source.answer({ items: rows(1), total: 2, more: true }));

    let more: Promise<void> = Promise.resolve();
    let reloading: Promise<void> = Promise.resolve();
    act(() => {
      more = result.current.loadMore();
    });
    act(() => {
      reloading = result.current.reload();
    });
    await act(async () => {
      source.answer({ items: rows(2), total: 2, more: false }); // the late second page
      source.answer({ items: rows(10), total: 1, more: false }); // the reload
      await Promise.all([more, reloading]);
    });
    expect(source.asked.at(-1)).toEqual({ page: 1, offset: 0 });
    expect(result.current.state).toMatchObject({ value: { items: rows(10), total: 1 } });
  });
});

describe('refreshOnReturn', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function showPage(): void {
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }

  it('loads once on mount, again in place when the page is entered again or becomes visible', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const lifeCycle = new DefaultIonLifeCycleContext();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IonLifeCycleContext.Provider value={lifeCycle}>{children}</IonLifeCycleContext.Provider>
    );
    const source = scripted<string>();
    const { result } = renderHook(() => useLoader(source.load, { refreshOnReturn: true }), { wrapper });
    // The first enter event comes with the mount: no second fetch while the first one runs, nor right after.
    act(() => lifeCycle.ionViewWillEnter());
    showPage();
    expect(source.calls()).toBe(1);
    await act(async () => source.answer('prima'));
    act(() => lifeCycle.ionViewWillEnter());
    expect(source.calls()).toBe(1);

    vi.setSystemTime(Date.now() + RETURN_REFRESH_GAP_MS + 1);
    act(() => lifeCycle.ionViewWillEnter());
    expect(source.calls()).toBe(2);
    expect(result.current.state).toMatchObject({ status: 'ready', value: 'prima' }); // no spinner
    await act(async () => source.answer('approvato'));
    expect(result.current.state).toMatchObject({ status: 'ready', value: 'approvato', stale: null });

    vi.setSystemTime(Date.now() + RETURN_REFRESH_GAP_MS + 1);
    showPage();
    expect(source.calls()).toBe(3);
    await act(async () => source.answer(new Error('offline')));
    // A failed background refresh keeps the list on screen.
    expect(result.current.state).toMatchObject({ status: 'ready', value: 'approvato' });
  });

  it('does nothing without the option, nor while offline', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const plain = scripted<string>();
    renderHook(() => useLoader(plain.load));
    await act(async () => plain.answer('uno'));
    const watched = scripted<string>();
    renderHook(() => useLoader(watched.load, { refreshOnReturn: true }));
    await act(async () => watched.answer('uno'));
    vi.setSystemTime(Date.now() + RETURN_REFRESH_GAP_MS + 1);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    showPage();
    expect(watched.calls()).toBe(1);
    onLine.mockRestore();
    showPage();
    expect(watched.calls()).toBe(2);
    expect(plain.calls()).toBe(1);
  });

  it('leaves a list with further pages loaded as it is', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const source = scripted<Page<number>>();
    const loadPage = (): Promise<Page<number>> => source.load();
    const { result } = renderHook(() => usePagedLoader<number>(loadPage, { refreshOnReturn: true }));
    await act(async () => source.answer({ items: [1], total: 2, more: true }));
    await settle(
      () => result.current.loadMore(),
      () => source.answer({ items: [2], total: 2, more: false }),
    );
    vi.setSystemTime(Date.now() + RETURN_REFRESH_GAP_MS + 1);
    showPage();
    expect(source.calls()).toBe(2);
  });
});
