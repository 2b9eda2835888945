import type { JSX } from 'react';
import { lazy, Suspense } from 'react';

/**
 * Ionic's refresher arrives after the screen: pulling can wait a moment, the first paint should not
 * (~7 KB gzip on Home, the first screen).
 */
const RefresherView = lazy(() => import('./refresher-view'));

/** Pull to refresh; pass it to `PageLayout`'s `refresher`. */
export function Refresher({ onRefresh }: { onRefresh: () => Promise<void> }): JSX.Element {
  return (
    <Suspense fallback={null}>
      <RefresherView onRefresh={onRefresh} />
    </Suspense>
  );
}
