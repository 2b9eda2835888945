import type { BrowserContext } from '@playwright/test';

/**
 * The fake subscription the stand-in push service receives for (kept across a reload, as the browser
 * keeps a real one), installed before the app starts.
 */
export async function withStandInSubscription(
  context: BrowserContext,
  device: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.addInitScript((subscription) => {
    const fake = {
      endpoint: subscription.endpoint,
      toJSON: () => subscription,
      unsubscribe: async () => true,
    };
    let subscribed = localStorage.getItem('e2e-push-subscribed') === 'yes';
    PushManager.prototype.subscribe = async () => {
      subscribed = true;
      localStorage.setItem('e2e-push-subscribed', 'yes');
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      subscribed ? (fake as unknown as PushSubscription) : null;
  }, device);
}
