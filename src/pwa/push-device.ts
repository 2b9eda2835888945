/**
 * This device's Web Push subscription (docs/decisions.md "Notifications"). Asking for the
 * permission happens only from a button the user pressed after reading what it is for, never on load.
 */
import * as v from 'valibot';
import { api } from '../api/client';
import { getJson } from '../api/request';
import type { Language } from '../contract/language';
import { PushKey } from '../contract/notify';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The worker registers after the first screen: a page opened at once waits for it, briefly. */
const WORKER_WAIT_MS = 5_000;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function existingSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Whether this device receives pushes: blocked when the user refused the browser's permission. */
export async function pushState(): Promise<PushState> {
  if (!supported() || !(await registration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await existingSubscription()) ? 'on' : 'off';
}

/** This device's push endpoint, to ask the portal whether its pushes are shown; null when off. */
export async function pushEndpoint(): Promise<string | null> {
  return (await existingSubscription().catch(() => null))?.endpoint ?? null;
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

const SubscriptionJson = v.object({
  endpoint: v.string(),
  keys: v.object({ p256dh: v.string(), auth: v.string() }),
});

/** Asks the browser (from a user's tap), subscribes with the portal's key and registers the device. */
export async function turnPushOn(language: Language): Promise<PushState> {
  const worker = await registration();
  if (!worker) return 'unsupported';
  const permission = await Notification.requestPermission();
  // Refused: blocked until the user allows it in the browser; the prompt merely closed: still off.
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { publicKey } = await getJson('notify/push/key', PushKey);
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const device = v.parse(SubscriptionJson, subscription.toJSON());
  await api().put('notify/push/subscription', { json: { ...device, language } });
  return 'on';
}

/** From /notify and at logout: the server forgets the device, then the browser drops the subscription. */
export async function turnPushOff(): Promise<void> {
  const subscription = await existingSubscription().catch(() => null);
  if (!subscription) return;
  await api()
    .delete('notify/push/subscription', { json: { endpoint: subscription.endpoint }, timeout: 3_000 })
    .catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
