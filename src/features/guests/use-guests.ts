/** The patient's guests, reloadable (pull to refresh, after a change). */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { Guest } from '../../contract/guests';
import { fetchGuests } from './api';

export type GuestsState =
  | { status: 'loading' }
  | { status: 'error'; reason: MessageDescriptor | null }
  | { status: 'ready'; guests: Guest[] };

export function useGuests(): { state: GuestsState; reload: () => Promise<void> } {
  const [state, setState] = useState<GuestsState>({ status: 'loading' });
  const generation = useRef(0);
  const reload = useCallback(async (): Promise<void> => {
    const mine = ++generation.current;
    try {
      const list = await fetchGuests();
      if (mine === generation.current) setState({ status: 'ready', guests: list.guests });
    } catch (error) {
      if (mine === generation.current) setState({ status: 'error', reason: failureMessage(error) });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
