import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { lazy, Suspense } from 'react';
import { toastQueueAtom } from './toasts';

/** The toast's code (Ionic's toast) loads with the first toast, not with the first screen. */
const ToastView = lazy(() => import('./toast-view'));

/** Shows the first waiting toast; mounted once in the app. */
export function ToastHost(): JSX.Element | null {
  const queue = useAtomValue(toastQueueAtom);
  const toast = queue[0];
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastView key={toast.id} toast={toast} />
    </Suspense>
  );
}
