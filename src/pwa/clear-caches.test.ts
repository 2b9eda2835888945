import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearOfflineData } from './clear-caches';

/** A small in-memory Cache Storage: only the names matter here. */
function memoryCaches(names: string[]): Pick<CacheStorage, 'keys' | 'delete' | 'has'> {
  const stored = new Set(names);
  return {
    keys: async () => [...stored],
    has: async (name) => stored.has(name),
    delete: async (name) => stored.delete(name),
  };
}

function openDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('entries');
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

function openHeld(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('keyval');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function put(database: IDBDatabase, key: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction('keyval', 'readwrite');
    transaction.objectStore('keyval').put(value, key);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
}

function count(database: IDBDatabase): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = database.transaction('keyval').objectStore('keyval').count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((database) => database.name ?? '');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('clearOfflineData', () => {
  test('deletes every Cache Storage cache', async () => {
    const storage = memoryCaches([
      'workbox-precache-v2-http://localhost/',
      'runtime-config',
      'documents-user-1',
    ]);
    vi.stubGlobal('caches', storage);

    await clearOfflineData();

    expect(await storage.keys()).toEqual([]);
  });

  test('deletes every IndexedDB database', async () => {
    vi.stubGlobal('caches', memoryCaches([]));
    await openDatabase('keyval-store');
    await openDatabase('wizard-drafts');
    expect(await databaseNames()).toEqual(expect.arrayContaining(['keyval-store', 'wizard-drafts']));

    await clearOfflineData();

    expect(await databaseNames()).toEqual([]);
  });

  test('empties a database whose connection stays open (idb-keyval), deleting it once that closes', async () => {
    vi.stubGlobal('caches', memoryCaches([]));
    const held = await openHeld('keyval-store');
    await put(held, 'draft', { fiscalCode: 'RSSMRA80A01H501U' });

    try {
      await clearOfflineData();
      expect(await count(held)).toBe(0);
    } finally {
      held.close();
    }
    await vi.waitFor(async () => expect(await databaseNames()).toEqual([]));
  });

  test('unregisters the service worker, so the next online start installs a fresh precache', async () => {
    vi.stubGlobal('caches', memoryCaches(['runtime-config']));
    const unregister = vi.fn(async () => true);
    vi.stubGlobal('navigator', { serviceWorker: { getRegistrations: async () => [{ unregister }] } });

    await clearOfflineData();

    expect(unregister).toHaveBeenCalledTimes(1);
  });

  test('resolves without Cache Storage (jsdom, old browsers)', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearOfflineData()).resolves.toBeUndefined();
  });
});
