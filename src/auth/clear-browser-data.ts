/**
 * What logout leaves behind: nothing. Local and session storage here; every Cache Storage cache and
 * every IndexedDB database (DPoP keys, drafts) through the PWA module's `clearOfflineData()`, which
 * also unregisters the service worker.
 */
import { clearOfflineData } from '../pwa/clear-caches';

export async function clearBrowserData(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  await clearOfflineData();
}
