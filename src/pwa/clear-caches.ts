/**
 * Logout: nothing of the user may stay on the device. Deletes every Cache Storage cache and every IndexedDB
 * database, then unregisters the service worker: its precache is gone with the caches, and only a fresh install
 * (at the next online page load, when register() runs again) fills it back, so the app starts offline again.
 */

/** Databases the portal's libraries create, for browsers without `indexedDB.databases()`. */
const KNOWN_DATABASES = ['keyval-store', 'oidc', 'workbox-expiration'];

async function deleteCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/** Empties every object store first: a library that keeps its connection open blocks the deletion below. */
function emptyDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.open(name);
    // The database did not exist (a known name from the fallback list): do not create it.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
    request.onsuccess = () => {
      const database = request.result;
      const stores = [...database.objectStoreNames];
      if (stores.length === 0) {
        database.close();
        resolve();
        return;
      }
      const transaction = database.transaction(stores, 'readwrite');
      for (const store of stores) transaction.objectStore(store).clear();
      transaction.oncomplete =
        transaction.onerror =
        transaction.onabort =
          () => {
            database.close();
            resolve();
          };
    };
  });
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // An open connection (idb-keyval keeps one and ignores `versionchange`) delays the deletion until it closes;
    // the database is already empty, so logout need not wait for it.
    request.onblocked = () => resolve();
  });
}

/** Upper bound per database: an open request queued behind an earlier, still blocked deletion would wait forever. */
const DATABASE_TIMEOUT_MS = 2000;

async function clearDatabase(name: string): Promise<void> {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, DATABASE_TIMEOUT_MS));
  await Promise.race([emptyDatabase(name).then(() => deleteDatabase(name)), timeout]);
}

async function databaseNames(): Promise<string[]> {
  if (typeof indexedDB.databases !== 'function') return KNOWN_DATABASES;
  const databases = await indexedDB.databases();
  return databases.flatMap((database) => (database.name ? [database.name] : []));
}

async function deleteDatabases(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const names = await databaseNames().catch(() => KNOWN_DATABASES);
  await Promise.all(names.map(clearDatabase));
}

async function unregisterServiceWorkers(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

/** Deletes every Cache Storage cache and IndexedDB database of this origin. Resolves even if a step fails. */
export async function clearOfflineData(): Promise<void> {
  const results = await Promise.allSettled([deleteCaches(), deleteDatabases()]);
  await unregisterServiceWorkers().catch(() => undefined);
  for (const result of results) {
    if (result.status === 'rejected') console.warn('Offline data not fully cleared', result.reason);
  }
}
