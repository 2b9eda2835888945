/**
 * The toast queue (spec section 8): `showToast` is a plain function, so the API client and the session post
 * to it without the UI kit, which draws the queue (src/ui/toast-host.tsx).
 */
import type { MessageDescriptor } from '@lingui/core';
import { atom } from 'jotai';
import { appStore } from './store';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Translated when shown, so a language switch also changes an open toast. */
  message: MessageDescriptor;
}

/** Waiting toasts, the first one is on screen. */
export const toastQueueAtom = atom<readonly Toast[]>([]);

let nextId = 1;

export function showToast(kind: ToastKind, message: MessageDescriptor): number {
  const store = appStore();
  const queue = store.get(toastQueueAtom);
  const same = queue.find((t) => t.kind === kind && t.message.id === message.id && sameValues(t, message));
  if (same) return same.id; // the same text twice in a row says nothing new
  const id = nextId++;
  store.set(toastQueueAtom, [...queue, { id, kind, message }]);
  return id;
}

export function dismissToast(id: number): void {
  appStore().set(toastQueueAtom, (queue) => queue.filter((t) => t.id !== id));
}

function sameValues(toast: Toast, message: MessageDescriptor): boolean {
  return JSON.stringify(toast.message.values ?? {}) === JSON.stringify(message.values ?? {});
}
