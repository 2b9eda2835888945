/**
 * Loads what a screen shows: loading, error with the catalogue's reason, ready; `reload` for pull to
 * refresh. Options: keep the last good value when a reload fails (shown with a stale hint), a callback
 * after every load, a switch to wait, a quiet refresh when the screen comes back into view, and a key that
 * readers of the same endpoint share. `usePagedLoader` adds the pages that "load more" appends.
 */

import type { MessageDescriptor } from '@lingui/core';
import type { MutableRefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveTopic } from '../contract/live';
import { failureMessage } from './error-report';
import { sharedRead } from './shared-read';
import { useLiveTopic } from './use-live-topic';
import { useRefreshOnReturn } from './use-refresh-on-return';

const NO_TOPICS: readonly LiveTopic[] = [];

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; reason: MessageDescriptor | null; error: unknown }
  | {
      status: 'ready';
      value: T;
      /** With `keepOnError`: the last reload failed, so this value is the last good one. */
      stale: { reason: MessageDescriptor | null } | null;
    };

export interface LoaderOptions<T> {
  /**
   * The endpoint read (e.g. `'notifications'`): readers with the same key that load at the same moment (one
   * navigation, one live change) share one request and its answer (./shared-read.ts).
   */
  key?: string;
  /** A failed reload keeps the value it had (marked `stale`) instead of replacing it with the error. */
  keepOnError?: boolean;
  /** Called after every successful load (e.g. a badge that counts what was read). */
  onLoaded?: (value: T) => void;
  /** False: nothing is loaded yet (the state stays `loading`). */
  enabled?: boolean;
  /**
   * Load again, in place, when the screen comes back into view (Ionic's `ionViewWillEnter` after going
   * back to it, or the tab/app becoming visible): lists that others change (an approval, a signature).
   * A failed refresh keeps the list shown, marked stale.
   */
  refreshOnReturn?: boolean;
  /** Load again, in place, when the live channel says one of these changed (api/live-events.ts). */
  liveTopics?: readonly LiveTopic[];
}

export interface LoaderControl<T> {
  state: Loaded<T>;
  reload: () => Promise<void>;
  /** Changes the loaded value in place (an optimistic edit, a replaced item). */
  update: (change: (value: T) => T) => void;
}

function useLoaderCore<T>(
  load: () => Promise<T>,
  options: LoaderOptions<T>,
  mayRefresh: () => boolean = () => true,
): LoaderControl<T> & { generation: MutableRefObject<number> } {
  const { keepOnError = false, onLoaded, enabled = true, refreshOnReturn = false, key } = options;
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const generation = useRef(0);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const lastStart = useRef(0);
  const inFlight = useRef(0);

  const run = useCallback(
    async (keep: boolean): Promise<void> => {
      if (!enabled) return;
      const mine = ++generation.current;
      lastStart.current = Date.now();
      inFlight.current += 1;
      try {
        const value = await (key === undefined ? load() : sharedRead(key, load));
        if (mine !== generation.current) return;
        setState({ status: 'ready', value, stale: null });
        onLoadedRef.current?.(value);
      } catch (error) {
        if (mine !== generation.current) return;
        const reason = failureMessage(error);
        setState((current) =>
          keep && current.status === 'ready'
            ? { ...current, stale: { reason } }
            : { status: 'error', reason, error },
        );
      } finally {
        inFlight.current -= 1;
      }
    },
    [load, enabled, key],
  );
  const reload = useCallback((): Promise<void> => run(keepOnError), [run, keepOnError]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  // Not while a load runs nor just after one started: the first mount's enter event is no second fetch.
  const refresh = useCallback((): void => {
    if (inFlight.current > 0 || Date.now() - lastStart.current < RETURN_REFRESH_GAP_MS) return;
    if (mayRefresh()) void run(true);
  }, [run, mayRefresh]);
  useRefreshOnReturn(refresh, refreshOnReturn && enabled);
  // A live change may land just after a load began: load again regardless (the newer answer wins).
  useLiveTopic(options.liveTopics ?? NO_TOPICS, () => {
    if (enabled && mayRefresh()) void run(true);
  });

  const update = useCallback((change: (value: T) => T): void => {
    setState((current) =>
      current.status === 'ready' ? { ...current, value: change(current.value) } : current,
    );
  }, []);

  return { state, reload, update, generation };
}

/** A return within this time of the last load's start does not load again. */
export const RETURN_REFRESH_GAP_MS = 1000;

export function useLoader<T>(load: () => Promise<T>, options: LoaderOptions<T> = {}): LoaderControl<T> {
  const { state, reload, update } = useLoaderCore(load, options);
  return { state, reload, update };
}

/** One page of a list; `more` says whether a next page exists. Further fields come from the first page. */
export interface Page<Item> {
  items: readonly Item[];
  total: number;
  more: boolean;
}

export interface PagedLoaderOptions<Item, P extends Page<Item>> extends LoaderOptions<P> {
  /** Items of a later page already listed (same key) are not added twice. */
  keyOf?: (item: Item) => string | number;
}

export interface PagedLoaderControl<Item, P extends Page<Item>> extends LoaderControl<P> {
  /** Appends the next page; a failure leaves the list as it was (the error toast says why). */
  loadMore: () => Promise<void>;
  loadingMore: boolean;
  hasMore: boolean;
}

function appendNew<Item>(
  listed: readonly Item[],
  page: readonly Item[],
  keyOf: (item: Item) => string | number,
): Item[] {
  const known = new Set(listed.map(keyOf));
  return [...listed, ...page.filter((item) => !known.has(keyOf(item)))];
}

/**
 * A list that grows page by page: `loadPage` gets the page number (1 first) and the offset (the items
 * listed so far). A reload starts again from the first page.
 */
export function usePagedLoader<Item, P extends Page<Item> = Page<Item>>(
  loadPage: (next: { page: number; offset: number }) => Promise<P>,
  options: PagedLoaderOptions<Item, P> = {},
): PagedLoaderControl<Item, P> {
  const { keyOf } = options;
  const pages = useRef(1);
  const loadFirst = useCallback(async (): Promise<P> => {
    const first = await loadPage({ page: 1, offset: 0 });
    pages.current = 1;
    return first;
  }, [loadPage]);
  // Coming back refreshes only a list still on its first page: later pages would be lost.
  const onFirstPage = useCallback((): boolean => pages.current === 1, []);
  const { state, reload, update, generation } = useLoaderCore(loadFirst, options, onFirstPage);
  const [loadingMore, setLoadingMore] = useState(false);
  const hasMore = state.status === 'ready' && state.value.more;

  const loadMore = useCallback(async (): Promise<void> => {
    if (state.status !== 'ready' || !state.value.more || loadingMore) return;
    const mine = generation.current;
    setLoadingMore(true);
    try {
      const page = await loadPage({ page: pages.current + 1, offset: state.value.items.length });
      if (mine !== generation.current) return;
      pages.current += 1;
      update((current) => ({
        ...current,
        items: keyOf ? appendNew(current.items, page.items, keyOf) : [...current.items, ...page.items],
        total: page.total,
        more: page.more,
      }));
    } catch {
      // The error toast said why; asking again retries.
    } finally {
      setLoadingMore(false);
    }
  }, [state, loadingMore, generation, loadPage, update, keyOf]);

  return { state, reload, update, loadMore, loadingMore, hasMore };
}
