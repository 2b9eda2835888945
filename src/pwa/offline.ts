import { atom } from 'jotai';

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** True while the browser reports no network (`navigator.onLine === false`), kept current by online/offline events. */
export const offlineAtom = atom(isOffline());
offlineAtom.onMount = (set) => {
  const goOffline = (): void => set(true);
  const goOnline = (): void => set(false);
  set(isOffline());
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);
  return () => {
    window.removeEventListener('offline', goOffline);
    window.removeEventListener('online', goOnline);
  };
};
