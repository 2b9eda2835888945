import * as v from 'valibot';
import { Language } from './language';

/**
 * Spec 3 "Notification preferences": the events a user may be told of, by category. A user chooses
 * whole categories (docs/decisions.md 2026-11-27): a consent waiting to be signed and a survey sent to
 * the patient belong to the shared-project category, with the invitations and care-plan reminders.
 */
export const NOTIFICATION_EVENTS = {
  DOCUMENT: ['DOCUMENT_NEW', 'DOCUMENT_ANNULLED', 'DOCUMENT_REPLACED'],
  SHARED_PROJECT: [
    'PROJECT_INVITED',
    'PROJECT_REMOVED',
    'UPLOAD_REJECTED',
    'DOCUMENTATION_STATUS_CHANGED',
    'GUEST_INVITE_REFUSED',
    'CARE_PLAN_REMINDER',
    'CONSENT_TO_SIGN',
    'SURVEY_SENT',
  ],
  CONFERENCE: ['CONFERENCE_REQUESTED', 'CONFERENCE_ACCEPTED', 'CONFERENCE_REJECTED', 'CONFERENCE_REMINDER'],
  MESSAGE: ['MESSAGE_NEW'],
} as const;

export const NotificationCategory = v.picklist(['DOCUMENT', 'SHARED_PROJECT', 'CONFERENCE', 'MESSAGE']);
export type NotificationCategory = v.InferOutput<typeof NotificationCategory>;

/**
 * Notices about the account itself (a login from a new device, a shared link opened by its recipient).
 * Nobody opts in or out of them: they are in no category, never in the preferences, and always worth the
 * SMS fallback.
 */
export const ACCOUNT_NOTICE_EVENTS = [
  'NEW_DEVICE_LOGIN',
  'SHL_OPENED',
  'ACCESS_ALERT',
  'ACCESS_DISPUTE_ANSWERED',
  'EXPORT_READY',
] as const;
export type AccountNoticeEvent = (typeof ACCOUNT_NOTICE_EVENTS)[number];

/** The events a user may choose in the preferences. */
export const PreferenceEvent = v.picklist(Object.values(NOTIFICATION_EVENTS).flat());
export type PreferenceEvent = v.InferOutput<typeof PreferenceEvent>;

export const NotificationEvent = v.picklist([
  ...Object.values(NOTIFICATION_EVENTS).flat(),
  ...ACCOUNT_NOTICE_EVENTS,
]);
export type NotificationEvent = v.InferOutput<typeof NotificationEvent>;

export const isAccountNotice = (event: NotificationEvent): event is AccountNoticeEvent =>
  (ACCOUNT_NOTICE_EVENTS as readonly string[]).includes(event);

export function categoryOf(event: NotificationEvent): NotificationCategory {
  const entry = Object.entries(NOTIFICATION_EVENTS).find(([, events]) =>
    (events as readonly string[]).includes(event),
  );
  return v.parse(NotificationCategory, entry?.[0]);
}

/** The categories a list of events touches: a category is on when any of its events is chosen. */
export function categoriesOf(events: readonly NotificationEvent[]): NotificationCategory[] {
  return [...new Set(events.map(categoryOf))];
}

/** Every event of these categories: what a user who turned them on is told of. */
export function eventsOf(categories: readonly NotificationCategory[]): PreferenceEvent[] {
  return categories.flatMap((category) => [...NOTIFICATION_EVENTS[category]]);
}

/** How often what is not instant is delivered: one digest per period (docs/decisions.md). */
export const NotificationFrequency = v.picklist(['INSTANT', 'DAILY', 'WEEKLY', 'BIWEEKLY']);
export type NotificationFrequency = v.InferOutput<typeof NotificationFrequency>;

/** SMS cost money and wake people up: at most this many fallbacks per user in any 24 hours. */
export const MAX_FALLBACK_SMS_PER_DAY = 3;

export const MAX_REMINDER_OFFSETS = 5;
export const MAX_REMINDER_DAYS = 30;
/** Reminder days of a user who never chose: the day before. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [1];

/**
 * Access alerts (a patient's own option, beside the categories): told of every read of their dossier by
 * someone else, by everyone or only by those outside their care team. Patients only; off by default.
 */
export const AccessAlerts = v.picklist(['OFF', 'EVERYONE', 'OUTSIDE_CARE_TEAM']);
export type AccessAlerts = v.InferOutput<typeof AccessAlerts>;

/** `GET /notify/preferences`, and the body of `PUT /notify/preferences` (the whole set, replaced). */
export const NotificationPreferences = v.strictObject({
  /** The general switch: off, nothing is delivered (the counts in the app still change). */
  enabled: v.boolean(),
  frequency: NotificationFrequency,
  /** The events the user wants; one not listed is never delivered. */
  events: v.pipe(v.array(PreferenceEvent), v.maxLength(32)),
  /** Categories important enough to reach the phone by SMS when push stops arriving. */
  important: v.pipe(v.array(NotificationCategory), v.maxLength(Object.keys(NOTIFICATION_EVENTS).length)),
  /** Days before a care-plan activity to be reminded, e.g. [1, 7]. */
  reminderDays: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_REMINDER_DAYS))),
    v.maxLength(MAX_REMINDER_OFFSETS),
  ),
  /** Absent from an older client's body: off. Anyone but a patient is saved with OFF. */
  accessAlerts: v.optional(AccessAlerts, 'OFF'),
});
export type NotificationPreferences = v.InferOutput<typeof NotificationPreferences>;

/** `GET /notify/push/key`: the VAPID public key the browser subscribes with (base64url). */
export const PushKey = v.object({ publicKey: v.string() });
export type PushKey = v.InferOutput<typeof PushKey>;

const Base64Url = (max: number) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+={0,2}$/), v.maxLength(max));

/** `PUT /notify/push/subscription`: this device's subscription (`PushSubscription.toJSON()`) and language. */
export const PushSubscriptionInput = v.object({
  endpoint: v.pipe(v.string(), v.url(), v.maxLength(1024)),
  keys: v.object({ p256dh: Base64Url(128), auth: Base64Url(64) }),
  language: Language,
});
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionInput>;

/** `DELETE /notify/push/subscription`: at logout and from /notify. */
export const PushEndpoint = v.object({ endpoint: v.pipe(v.string(), v.url(), v.maxLength(1024)) });

/** A signed, short-lived token (JWT) naming one push sent to one device; nothing else. */
const AckToken = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  v.maxLength(1024),
);

/**
 * What the service worker receives: no clinical content (docs/decisions.md). `ack` is where and with
 * what the worker says it showed the push (the worker has no access token): a device that stops
 * saying so falls back to SMS for the categories the user marked important.
 */
export const PushPayload = v.object({
  title: v.string(),
  body: v.string(),
  link: v.string(),
  count: v.number(),
  /** What waits for the user in all (the app's notification counts): the icon's badge; 0 clears it. */
  badge: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  ack: v.optional(v.object({ path: v.string(), token: AckToken })),
});
export type PushPayload = v.InferOutput<typeof PushPayload>;

/** `GET /notify/badge`: the total the app icon's badge shows (the sum of the notification counts). */
export const WaitingBadge = v.object({ count: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export type WaitingBadge = v.InferOutput<typeof WaitingBadge>;

/** `POST /notify/push/ack` (no access token: the service worker sends it): this push was shown. */
export const PushAck = v.strictObject({ token: AckToken });
export type PushAck = v.InferOutput<typeof PushAck>;

/**
 * `POST /notify/push/device` (the endpoint in the body, kept out of URLs and logs): whether this device
 * shows the pushes it is sent. `stale`: pushes went unacknowledged for longer than the limit.
 */
export const PushDeviceStatus = v.object({
  lastShownAt: v.nullable(v.string()),
  stale: v.boolean(),
});
export type PushDeviceStatus = v.InferOutput<typeof PushDeviceStatus>;
