/** The calls of `/notify` (docs/decisions.md "Notifications"). */
import { getJson, sendJson } from '../../api/request';
import { NotificationPreferences, PushDeviceStatus } from '../../contract/notify';

export function fetchPreferences(): Promise<NotificationPreferences> {
  return getJson('notify/preferences', NotificationPreferences);
}

export function savePreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return sendJson('put', 'notify/preferences', preferences, NotificationPreferences);
}

/** Whether this device shows the pushes it is sent (POST: the endpoint stays out of URLs); no toast: optional. */
export function fetchDeviceStatus(endpoint: string): Promise<PushDeviceStatus> {
  return sendJson('post', 'notify/push/device', { endpoint }, PushDeviceStatus, { context: { quiet: true } });
}
