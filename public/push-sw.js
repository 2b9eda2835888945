/*
 * Web Push in the service worker (imported by the Workbox worker, build/pwa/plugin.ts).
 * Every push shows a notification: a silent push would make iOS revoke the subscription, and the
 * payload carries no clinical content (a title such as "Nuovo documento disponibile").
 * Open windows are told to refresh their counts; a tap opens the screen the push names.
 */
const FALLBACK = { title: 'Dossier Sanitario', body: '', link: '/home', count: 1 };

function readPayload(event) {
  try {
    return { ...FALLBACK, ...(event.data ? event.data.json() : {}) };
  } catch {
    return FALLBACK;
  }
}

/** Only a path of the portal: a payload can never send the user to another site. */
function portalPath(link) {
  return typeof link === 'string' && /^\/(?!\/)[\w\-/?=&.%]*$/.test(link) ? link : '/home';
}

/**
 * The app icon's badge: the total waiting (the app's notification counts), a number only; 0 clears it.
 * A push without a number leaves the badge as it is. Not every platform has badges: best effort.
 */
async function setBadge(count) {
  const badging = self.navigator;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return;
  if (!('setAppBadge' in badging)) return;
  await (count > 0 ? badging.setAppBadge(count) : badging.clearAppBadge()).catch(() => undefined);
}

/**
 * Tells the portal this push was shown, with the signed token it carried (the worker has no session):
 * a device that stops saying so gets an SMS for what the user marked important. Best effort.
 */
async function acknowledge(ack) {
  if (!ack || typeof ack.token !== 'string' || portalPath(ack.path) !== ack.path) return;
  await fetch(ack.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: ack.token }),
    credentials: 'omit',
  }).catch(() => undefined);
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: 'dossier',
        renotify: true,
        icon: '/icons/icon-192.png',
        badge: '/icons/maskable-192.png',
        data: { link: portalPath(payload.link) },
      });
      await setBadge(payload.badge);
      await acknowledge(payload.ack);
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'PUSH_RECEIVED' });
    })(),
  );
});

// The open app refreshes its counts and sends the total (src/pwa/push-badge.ts): the badge follows.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'SET_BADGE' && event.origin === self.location.origin)
    event.waitUntil(setBadge(data.count));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(portalPath(event.notification.data?.link), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        open.postMessage({ type: 'OPEN_LINK', link: portalPath(event.notification.data?.link) });
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
