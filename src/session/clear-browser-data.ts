/**
 * What logout leaves behind: nothing. Local and session storage here; every Cache Storage cache and
 * every IndexedDB database (DPoP keys, drafts) through the PWA module's `clearOfflineData()`, which
 * also unregisters the service worker.
 */
import { clearOfflineData } from '../pwa/clear-caches';
import { DRAFT_KEY_PREFIX } from '../state/storage';

export async function clearBrowserData(options: { keepDrafts?: boolean } = {}): Promise<void> {
  const kept = options.keepDrafts
    ? Object.keys(localStorage)
        .filter((key) => key.startsWith(DRAFT_KEY_PREFIX))
        .map((key) => [key, localStorage.getItem(key) ?? ''] as const)
    : [];
  localStorage.clear();
  for (const [key, value] of kept) localStorage.setItem(key, value);
  sessionStorage.clear();
  await clearOfflineData();
}
