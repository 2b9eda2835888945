/**
 * Toasts (spec section 8): an error stays until closed, a success lasts 2.5 s, a warning 10 s.
 * `showToast` is a plain function, callable from the API client as well as from components.
 */
import type { MessageDescriptor } from '@lingui/core';
import { atom } from 'jotai';
import { appStore } from '../state/store';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = {
  success: 2500,
  info: 2500,
  warning: 10_000,
  error: 0, // 0: stays until the user closes it
};

export const TOAST_WIDTH_PX = 350;

/** Id of the bottom bar (the tab bar) that toasts sit above when it is on screen. */
export const TOAST_ANCHOR_ID = 'app-bottom-bar';

/** Id of the offline/update cards' stack (above the tab bar): toasts sit above it while it shows a card. */
export const STATUS_STACK_ID = 'app-status-stack';

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
