/**
 * The app icon's badge: the total waiting, the same number a push carries (`GET
 * /notify/badge`, the sum of the app's notification counts). Refreshed when the app refreshes its
 * counts (login, a live change or a push, a return to the app, navigation); 0 clears it, so does logout.
 * The service worker sets it (public/push-sw.js, `SET_BADGE`); the page itself when no worker runs.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { getJson } from '../api/request';
import { useLiveTopic } from '../api/use-live-topic';
import type { LiveTopic } from '../contract/live';
import { WaitingBadge } from '../contract/notify';

/** The topics behind the counts: a change refetches the total (a push announces them too). */
const COUNT_TOPICS: readonly LiveTopic[] = [
  'uploadedDocuments',
  'messages',
  'conferences',
  'surveys',
  'consents',
];
/** Several changes at once (a push announces six topics) make one request. */
const SETTLE_MS = 500;

type Badging = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** Sets (or with 0 clears) the badge: through the worker when one controls the app, else the page. */
export async function showAppBadge(count: number): Promise<void> {
  if (typeof navigator === 'undefined') return;
  const worker =
    'serviceWorker' in navigator ? (await navigator.serviceWorker.getRegistration())?.active : null;
  if (worker) {
    worker.postMessage({ type: 'SET_BADGE', count });
    return;
  }
  const badging = navigator as Badging;
  await (count > 0 ? badging.setAppBadge?.(count) : badging.clearAppBadge?.())?.catch(() => undefined);
}

async function refreshAppBadge(): Promise<void> {
  const { count } = await getJson('notify/badge', WaitingBadge, { context: { quiet: true } });
  await showAppBadge(count);
}

/**
 * Mounted once in the shell (with the push messages): keeps the badge equal to what waits while a user is
 * signed in (`signedIn`: the shell reads the current user), and clears it otherwise.
 */
export function useAppBadge(signedIn: boolean): void {
  const { pathname } = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const ask = useCallback((delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // A total that cannot be read leaves the badge as it is.
      refreshAppBadge().catch(() => undefined);
    }, delay);
  }, []);

  useEffect(() => {
    if (!signedIn) {
      void showAppBadge(0).catch(() => undefined);
      return;
    }
    ask(0);
    const onVisible = () => {
      if (document.visibilityState === 'visible') ask(SETTLE_MS);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(timer.current);
    };
  }, [signedIn, ask]);

  useEffect(() => {
    void pathname;
    // As the tab badges do: every screen asks again (opening a list may have read what waited).
    if (signedIn) ask(SETTLE_MS);
  }, [pathname, signedIn, ask]);

  useLiveTopic(COUNT_TOPICS, () => {
    if (signedIn) ask(SETTLE_MS);
  });
}
