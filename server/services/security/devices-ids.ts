import { createHash } from 'node:crypto';
import type { DeviceKind } from '../../../src/contract';

const LETTER: Record<DeviceKind, string> = { session: 's', remembered: 'r', push: 'p' };

/**
 * The id the device list shows: a hash of the device's secret key (grant id, remembered-device token hash,
 * push endpoint). Nobody guesses another user's, and a push device's is what its browser computes from
 * its own endpoint (the page marks "this device" that way).
 */
export function deviceIdOf(kind: DeviceKind, key: string): string {
  const digest = createHash('sha256').update(`${kind}:${key}`).digest('base64url');
  return `${LETTER[kind]}_${digest.slice(0, 22)}`;
}

export function kindOfId(id: string): DeviceKind | null {
  const letter = id[0];
  return letter === 's' ? 'session' : letter === 'r' ? 'remembered' : letter === 'p' ? 'push' : null;
}
