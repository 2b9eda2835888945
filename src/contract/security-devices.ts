import * as v from 'valibot';

/** What keeps the account signed in somewhere. */
export const DeviceKind = v.picklist(['session', 'remembered', 'push']);
export type DeviceKind = v.InferOutput<typeof DeviceKind>;

/**
 * An opaque id: a kind letter and a hash of the device's secret key (grant, remembered-device token,
 * push endpoint), so nobody can guess another user's. A push device's id is what the browser computes
 * from its own endpoint (`pushDeviceId`), which is how the page knows it is this one.
 */
export const DEVICE_ID_PATTERN = /^[srp]_[A-Za-z0-9_-]{22}$/;

export const SecurityDevice = v.object({
  id: v.string(),
  kind: DeviceKind,
  /** "Chrome 131"; empty when the browser did not say. */
  browser: v.string(),
  /** "Android 14"; empty when unknown. */
  system: v.string(),
  firstUsedAt: v.string(),
  /** Null: never used since it was made (a remembered device not yet used to skip the code). */
  lastUsedAt: v.nullable(v.string()),
  /** This browser: its own session, the remembered device it signed in with (or saved), its push device. */
  current: v.boolean(),
});
export type SecurityDevice = v.InferOutput<typeof SecurityDevice>;

/** `GET /security/devices`. */
export const SecurityDevices = v.object({
  sessions: v.array(SecurityDevice),
  remembered: v.array(SecurityDevice),
  push: v.array(SecurityDevice),
});
export type SecurityDevices = v.InferOutput<typeof SecurityDevices>;

/** `DELETE /security/devices/:id`. */
export const DeviceIdParam = v.object({ id: v.pipe(v.string(), v.regex(DEVICE_ID_PATTERN)) });

/** `DELETE /security/devices/:id` answers whether this browser was signed out by it. */
export const DeviceRevoked = v.object({ signedOut: v.boolean() });
export type DeviceRevoked = v.InferOutput<typeof DeviceRevoked>;

/** `POST /account/signOutEverywhere`. */
export const SignedOutEverywhere = v.object({
  sessions: v.number(),
  remembered: v.number(),
  push: v.number(),
});
export type SignedOutEverywhere = v.InferOutput<typeof SignedOutEverywhere>;
