import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDeviceStatus } from '../../contract/notify';
import { activateLocale } from '../../i18n/i18n';
import type { AppStore } from '../../state/store';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { DeviceStatus } from './device-status';

vi.mock('../../pwa/push-device', () => ({
  pushEndpoint: async () => 'https://fcm.googleapis.com/fcm/send/device-1',
}));

let store: AppStore;
beforeEach(async () => {
  store = freshApp();
  await signIn();
  await activateLocale('it');
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(status: PushDeviceStatus | null): ReturnType<typeof fakeServer> {
  const server = fakeServer(status ? { 'POST /api/notify/push/device': () => json(status) } : {});
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <DeviceStatus />
      </I18nProvider>
    </Provider>,
  );
  return server;
}

describe("this device's status on /notify", () => {
  it('says when the device last showed a notification', async () => {
    const server = renderWith({ lastShownAt: '2026-11-23T16:05:00.000Z', stale: false });
    expect(await screen.findByText(/Ultima notifica mostrata: 23\/11\/2026/)).toBeTruthy();
    expect(screen.getByText('Questo dispositivo riceve le notifiche del Fascicolo.')).toBeTruthy();
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/notify/push/device',
    ]);
  });

  it('says so when the device has not shown anything yet', async () => {
    renderWith({ lastShownAt: null, stale: false });
    expect(await screen.findByText('Nessuna notifica ancora mostrata su questo dispositivo.')).toBeTruthy();
  });

  it('warns that an SMS takes over when the device is silent', async () => {
    renderWith({ lastShownAt: '2026-11-20T10:00:00.000Z', stale: true });
    expect(await screen.findByText(/non mostra le notifiche/)).toBeTruthy();
    expect(screen.queryByText('Questo dispositivo riceve le notifiche del Fascicolo.')).toBeNull();
  });

  it('keeps the plain line, with no error, when the status cannot be read', async () => {
    renderWith(null);
    expect(await screen.findByText('Questo dispositivo riceve le notifiche del Fascicolo.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notify-device-status')).toBeNull();
  });
});
