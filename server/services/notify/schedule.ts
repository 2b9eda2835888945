import type { NotificationFrequency } from '../../../src/contract';

/** Digests leave at 08:00 hospital time: early enough to be read in the morning, never at night. */
export const DIGEST_HOUR = 8;
const TIME_ZONE = 'Europe/Rome';
const DAY_MS = 86_400_000;
/** A Monday (1970-01-05): biweekly digests go on Mondays of even weeks counted from it. */
const FIRST_MONDAY_DAY = 4;

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });
const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function offsetMs(at: number): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

/** The instant of `hour`:00 on the hospital's calendar day `dayNumber` (days since 1970-01-01). */
export function localHourToUtc(dayNumber: number, hour: number): number {
  const wall = dayNumber * DAY_MS + hour * 3_600_000;
  const guess = wall - offsetMs(wall);
  return wall - offsetMs(guess);
}

export function localDayNumber(at: Date): number {
  return Math.floor(Date.parse(`${dateFormat.format(at)}T00:00:00Z`) / DAY_MS);
}

function isDigestDay(frequency: NotificationFrequency, dayNumber: number): boolean {
  const sinceMonday = dayNumber - FIRST_MONDAY_DAY;
  if (frequency === 'DAILY') return true;
  if (sinceMonday % 7 !== 0) return false;
  return frequency === 'WEEKLY' || (sinceMonday / 7) % 2 === 0;
}

/**
 * When a notification created at `after` leaves: at once for INSTANT, else at the next digest slot
 * (08:00 every day, every Monday, or every other Monday, hospital time).
 */
export function deliveryTime(frequency: NotificationFrequency, after: Date): Date {
  if (frequency === 'INSTANT') return after;
  const today = localDayNumber(after);
  for (let day = today; day <= today + 15; day++) {
    if (!isDigestDay(frequency, day)) continue;
    const slot = localHourToUtc(day, DIGEST_HOUR);
    if (slot > after.getTime()) return new Date(slot);
  }
  throw new Error(`no digest slot for ${frequency}`);
}
