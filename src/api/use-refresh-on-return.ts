/**
 * Calls `refresh` when the screen comes back into view: Ionic's `ionViewWillEnter` (the outlet keeps a
 * left page mounted, so going back to it mounts nothing) and the document becoming visible again (the
 * user returns to the tab or the installed app). Not while offline: the call could only fail.
 */
import { useIonViewWillEnter } from '@ionic/react';
import { useEffect, useRef } from 'react';

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function useRefreshOnReturn(refresh: () => void, enabled: boolean): void {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useIonViewWillEnter(() => {
    if (enabled && online()) refreshRef.current();
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    const onVisibility = (): void => {
      if (document.visibilityState === 'visible' && online()) refreshRef.current();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [enabled]);
}
