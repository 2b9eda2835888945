/** The calls of `/security/devices`. */
import { getJson, sendJson } from '../../api/request';
import {
  DeviceRevoked,
  type SecurityDevice,
  SecurityDevices,
  SignedOutEverywhere,
} from '../../contract/security-devices';
import { pushEndpoint } from '../../pwa/push-device';

/** The id the server gives this browser's push device: the same hash of its endpoint. */
async function ownPushId(): Promise<string | null> {
  // A service worker that never gets ready must not hold the list back.
  const late = new Promise<null>((resolve) => window.setTimeout(() => resolve(null), 1500));
  const endpoint = await Promise.race([pushEndpoint().catch(() => null), late]);
  if (!endpoint || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`push:${endpoint}`));
  const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return `p_${base64.replace(/\+/g, '-').replace(/\//g, '_').slice(0, 22)}`;
}

/** The list, with this browser's push device marked (only the browser knows its endpoint). */
export async function fetchDevices(): Promise<SecurityDevices> {
  const [devices, pushId] = await Promise.all([getJson('security/devices', SecurityDevices), ownPushId()]);
  const push = devices.push.map((device) => ({ ...device, current: device.id === pushId }));
  // This device first: it is the one people look for.
  const own = (rows: SecurityDevice[]) => [...rows].sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions: own(devices.sessions), remembered: own(devices.remembered), push: own(push) };
}

export function revokeDevice(id: string): Promise<DeviceRevoked> {
  return sendJson('delete', `security/devices/${encodeURIComponent(id)}`, undefined, DeviceRevoked);
}

export function signOutEverywhere(): Promise<SignedOutEverywhere> {
  return sendJson('post', 'account/signOutEverywhere', undefined, SignedOutEverywhere);
}
