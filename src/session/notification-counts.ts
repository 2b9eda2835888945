/**
 * The menu's notification counts (spec 3 "Notification counts", `GET /notifications`): one atom that the
 * count badges read. Each badge asks again on every navigation, when the live channel says one of its topics
 * changed (a push announces them too, src/pwa/push-messages.ts), and for its own further reasons; the asks of
 * one navigation share one request. A count that cannot be read keeps the last one read.
 */
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { getJson } from '../api/request';
import { sharedRead } from '../api/shared-read';
import { useLiveVersion } from '../api/use-live-topic';
import type { LiveTopic } from '../contract/live';
import { Notifications } from '../contract/notify-counts';
import { appStore } from '../state/store';

/** The last counts read; null until the first answer. */
export const notificationCountsAtom = atom<Notifications | null>(null);

let latest: Promise<Notifications> | null = null;

/** Reads the counts again (joining a read of the same moment); an older answer never replaces a newer one. */
export function refreshNotificationCounts(): Promise<void> {
  const request = sharedRead('notifications', () =>
    getJson('notifications', Notifications, { context: { quiet: true } }),
  );
  latest = request;
  return request.then(
    (counts) => {
      if (latest === request) appStore().set(notificationCountsAtom, counts);
    },
    () => undefined,
  );
}

/** One badge's count. `version`: a further reason to ask again (e.g. the screen itself changed something). */
export function useNotificationCount(
  count: keyof Notifications,
  topics: readonly LiveTopic[],
  version = 0,
): number {
  const { pathname } = useLocation();
  const changes = useLiveVersion(topics);
  useEffect(() => {
    void pathname;
    void version;
    void changes;
    void refreshNotificationCounts();
  }, [pathname, version, changes]);
  return useAtomValue(notificationCountsAtom)?.[count] ?? 0;
}
