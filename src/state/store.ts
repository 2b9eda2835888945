/**
 * The one jotai store of the portal. Code outside React (the API client, the session timers, the
 * toast and dialog helpers) reads and writes atoms through `appStore()`; `<Provider store={appStore()}>`
 * shares the same store with React.
 */
import { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;

let store: AppStore = createStore();

export function appStore(): AppStore {
  return store;
}

/** A fresh store, for tests: atoms start again from their initial (or persisted) values. */
export function resetAppStore(): AppStore {
  store = createStore();
  return store;
}
