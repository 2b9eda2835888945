/** Loads what a screen shows: loading, error with the catalogue's reason, ready; `reload` for pull to refresh. */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from './error-report';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; reason: MessageDescriptor | null }
  | { status: 'ready'; value: T };

export function useLoader<T>(load: () => Promise<T>): { state: Loaded<T>; reload: () => Promise<void> } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const generation = useRef(0);
  const reload = useCallback(async (): Promise<void> => {
    const mine = ++generation.current;
    try {
      const value = await load();
      if (mine === generation.current) setState({ status: 'ready', value });
    } catch (error) {
      if (mine === generation.current) setState({ status: 'error', reason: failureMessage(error) });
    }
  }, [load]);
  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);
  return { state, reload };
}
