/**
 * Toasts (spec section 8): an error stays until closed, a success lasts 2.5 s, a warning 10 s. The queue
 * itself is state (src/state/toasts.ts); screens post to it through here.
 */
import type { ToastKind } from '../state/toasts';

export type { Toast, ToastKind } from '../state/toasts';
export { dismissToast, showToast, toastQueueAtom } from '../state/toasts';

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
