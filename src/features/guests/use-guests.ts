/** The patient's guests, reloadable (pull to refresh, after a change). */
import type { MessageDescriptor } from '@lingui/core';
import { useLoader } from '../../api/use-loader';
import type { Guest } from '../../contract/guests';
import { fetchGuests } from './api';

export type GuestsState =
  | { status: 'loading' }
  | { status: 'error'; reason: MessageDescriptor | null }
  | { status: 'ready'; guests: Guest[] };

export function useGuests(): { state: GuestsState; reload: () => Promise<void> } {
  const { state, reload } = useLoader(fetchGuests, { refreshOnReturn: true });
  return {
    state: state.status === 'ready' ? { status: 'ready', guests: state.value.guests } : state,
    reload,
  };
}
