/** The calls of Connected apps (`/security/apps`) and Registered apps (`/admin/apps`). */
import { getJson, sendJson, sendNoContent } from '../../api/request';
import {
  AppRegistered,
  type AppRegistration,
  ConnectedApps,
  RegisteredApp,
  RegisteredApps,
} from '../../contract/apps';

export function fetchConnectedApps(): Promise<ConnectedApps> {
  return getJson('security/apps', ConnectedApps);
}

export function revokeConnectedApp(id: string): Promise<void> {
  return sendNoContent('delete', `security/apps/${encodeURIComponent(id)}`);
}

export function fetchRegisteredApps(): Promise<RegisteredApps> {
  return getJson('admin/apps', RegisteredApps);
}

/** A refused form (400) is the form's to show, field by field: no toast. */
export function registerApp(input: AppRegistration): Promise<AppRegistered> {
  return sendJson('post', 'admin/apps', input, AppRegistered, { context: { quiet: [400] } });
}

export function disableApp(id: number): Promise<RegisteredApp> {
  return sendJson('post', `admin/apps/${id}/disable`, undefined, RegisteredApp);
}
