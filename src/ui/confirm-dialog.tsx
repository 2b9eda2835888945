/**
 * `confirm()` asks a yes/no question and resolves with the answer: a plain async function that sets
 * an atom; `<ConfirmDialogHost />` (mounted once) shows it. Confirm is green 'Ok', cancel orange.
 */
import { atom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { lazy, Suspense } from 'react';
import { appStore } from '../state/store';
import type { ConfirmOptions, PendingConfirm } from './confirm-alert';

export const confirmAtom = atom<PendingConfirm | null>(null);
let nextId = 1;

export function confirm(options: ConfirmOptions): Promise<boolean> {
  const store = appStore();
  store.get(confirmAtom)?.resolve(false); // one question at a time: a new one cancels the old
  return new Promise<boolean>((resolve) => {
    store.set(confirmAtom, { ...options, id: nextId++, resolve });
  });
}

function answer(pending: PendingConfirm, value: boolean): void {
  const store = appStore();
  if (store.get(confirmAtom)?.id === pending.id) store.set(confirmAtom, null);
  pending.resolve(value);
}

/** The alert's code loads with the first question, not with the first screen. */
const ConfirmAlert = lazy(() => import('./confirm-alert'));

export function ConfirmDialogHost(): JSX.Element | null {
  const pending = useAtomValue(confirmAtom);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmAlert key={pending.id} pending={pending} onAnswer={(value) => answer(pending, value)} />
    </Suspense>
  );
}
