/** The calls of `/notify` (docs/decisions.md "Notifications"). */
import { getJson, sendJson } from '../../api/request';
import { NotificationPreferences } from '../../contract/notify';

export function fetchPreferences(): Promise<NotificationPreferences> {
  return getJson('notify/preferences', NotificationPreferences);
}

export function savePreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return sendJson('put', 'notify/preferences', preferences, NotificationPreferences);
}
