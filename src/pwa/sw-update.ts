/**
 * The update flow of the service worker: a new worker waits (no automatic skipWaiting, see build/pwa/plugin.ts)
 * until the user accepts; then it is told to skip waiting and the page reloads once the new worker controls it.
 * Store-agnostic: the atom subscribes to this module when mounted, in whichever jotai store reads it.
 */
import { atom } from 'jotai';

interface LifecycleEvent {
  isUpdate?: boolean;
  isExternal?: boolean;
}

/** The part of workbox-window's `Workbox` the update flow uses; tests pass a fake. */
export interface UpdatableWorkbox {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: LifecycleEvent) => void): void;
  messageSkipWaiting(): void;
}

export interface UpdateFlowOptions {
  /** Called once the new worker controls the page; defaults to `location.reload()`. */
  reload?: () => void;
}

let current: UpdatableWorkbox | null = null;
let reload: () => void = () => window.location.reload();
let waiting = false;
let requested = false;
/** A waiting worker took control without our asking (another tab accepted the update). */
let takenOver = false;
const listeners = new Set<(value: boolean) => void>();

function setWaiting(value: boolean): void {
  waiting = value;
  for (const listener of listeners) listener(value);
}

/** True while a new service worker waits for the user's consent. "Più tardi" may set it back to false. */
export const needRefreshAtom = atom(false);
needRefreshAtom.onMount = (set) => {
  set(waiting);
  listeners.add(set);
  return () => {
    listeners.delete(set);
  };
};

/** Connects the update flow to a registration's lifecycle events (call before `register()`). */
export function connectWorkbox(workbox: UpdatableWorkbox, options: UpdateFlowOptions = {}): void {
  current = workbox;
  reload = options.reload ?? (() => window.location.reload());
  requested = false;
  takenOver = false;
  setWaiting(false);
  workbox.addEventListener('waiting', () => setWaiting(true));
  workbox.addEventListener('controlling', (event) => {
    if (requested) reload();
    else if (waiting && (event.isUpdate || event.isExternal)) takenOver = true;
  });
}

/** "Aggiorna": asks the waiting worker to activate (SKIP_WAITING); the page reloads when it controls the page. */
export function applyUpdate(): void {
  if (!current || takenOver) {
    reload();
    return;
  }
  requested = true;
  current.messageSkipWaiting();
}
