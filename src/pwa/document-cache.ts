/**
 * The last document list of the logged-in user, for the dossier offline. The page stores
 * each successful list reply in Cache Storage under `dossier-<userId>`, keyed by the request URL, and reads
 * it back when the network fails: the service worker never sees the user, so it never caches patient data
 * (build/pwa/plugin.ts keeps /api NetworkOnly). Logout deletes every cache (clearOfflineData).
 */

export const DOSSIER_CACHE_PREFIX = 'dossier-';

export interface CachedReply<T> {
  /** When the reply was received (ms since the epoch). */
  at: number;
  reply: T;
}

function cacheName(userId: number): string {
  return `${DOSSIER_CACHE_PREFIX}${userId}`;
}

function available(): boolean {
  return typeof caches !== 'undefined';
}

/** The cache key: the absolute URL of the list request (its query holds the patient, filters and page). */
function keyOf(url: string): string {
  return new URL(url, window.location.origin).href;
}

/** Keeps a reply; failures (quota, private mode) are only logged: the cache is a convenience. */
export async function storeCachedReply<T>(userId: number, url: string, reply: T): Promise<void> {
  if (!available()) return;
  try {
    const cache = await caches.open(cacheName(userId));
    const body: CachedReply<T> = { at: Date.now(), reply };
    await cache.put(
      keyOf(url),
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    );
  } catch (error) {
    console.warn('Dossier list not cached', error);
  }
}

/** The reply stored for this user and URL, or null. Never throws. */
export async function readCachedReply(userId: number, url: string): Promise<CachedReply<unknown> | null> {
  if (!available()) return null;
  try {
    if (!(await caches.has(cacheName(userId)))) return null;
    const cache = await caches.open(cacheName(userId));
    const response = await cache.match(keyOf(url));
    if (!response) return null;
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('at' in body) || !('reply' in body)) return null;
    return typeof body.at === 'number' ? { at: body.at, reply: body.reply } : null;
  } catch (error) {
    console.warn('Dossier cache not readable', error);
    return null;
  }
}

/** Deletes every user's cached document lists: an account switch must not show the previous account's. */
export async function deleteCachedReplies(): Promise<void> {
  if (!available()) return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(DOSSIER_CACHE_PREFIX)).map((name) => caches.delete(name)),
  );
}
