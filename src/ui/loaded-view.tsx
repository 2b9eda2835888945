/**
 * What a screen shows of a `Loaded<T>` (api/use-loader.ts): the loading state, the error with its reason
 * and "Riprova", or the value. Screens wrote these three branches by hand, each a little differently; one
 * view keeps the texts, the retry and the stale hint the same everywhere.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { JSX, ReactNode } from 'react';
import type { Loaded } from '../api/use-loader';
import { ErrorState, LoadingState, StaleNotice } from './state-views';

type Stale = Extract<Loaded<unknown>, { status: 'ready' }>['stale'];

export interface LoadedViewProps<T> {
  state: Loaded<T>;
  /** Loads again: the "Riprova" of the error and of the stale notice. */
  onRetry: () => void;
  /** Shown while loading (a skeleton, or nothing); `<LoadingState />` when left out. */
  loading?: ReactNode;
  /** The error's text from the server's reason (a fallback when it has none, or `null`: the generic advice). */
  errorReason?: (reason: MessageDescriptor | null) => MessageDescriptor | null;
  /** The screen's own explanation of the error, shown instead of any reason. */
  errorDetail?: ReactNode;
  /** A failed reload (`keepOnError`): the StaleNotice above the value. */
  staleNotice?: boolean;
  /** The value; `stale` for a screen that places the stale notice itself. */
  children: (value: T, stale: Stale) => ReactNode;
}

export function LoadedView<T>({
  state,
  onRetry,
  loading = <LoadingState />,
  errorReason,
  errorDetail,
  staleNotice = false,
  children,
}: LoadedViewProps<T>): JSX.Element {
  // Called with no argument: the buttons would hand the click event to `onRetry`.
  const retry = (): void => onRetry();
  if (state.status === 'loading') return <>{loading}</>;
  if (state.status === 'error') {
    const reason = errorReason ? errorReason(state.reason) : state.reason;
    return (
      <ErrorState reason={reason} onRetry={retry}>
        {errorDetail}
      </ErrorState>
    );
  }
  return (
    <>
      {staleNotice && state.stale && <StaleNotice reason={state.stale.reason} onRetry={retry} />}
      {children(state.value, state.stale)}
    </>
  );
}
