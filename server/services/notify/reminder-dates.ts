import { DIGEST_HOUR, localDayNumber, localHourToUtc } from './schedule';

const DAY_MS = 86_400_000;

/** Today's date on the hospital's calendar (Europe/Rome), as `YYYY-MM-DD`. */
export function hospitalToday(now: Date): string {
  return new Date(localDayNumber(now) * DAY_MS).toISOString().slice(0, 10);
}

/** When a reminder `days` before an activity on `plannedDate` leaves: at the morning digest hour. */
export function reminderTime(plannedDate: string, days: number): Date {
  const dayNumber = Math.floor(Date.parse(`${plannedDate}T00:00:00Z`) / DAY_MS) - days;
  return new Date(localHourToUtc(dayNumber, DIGEST_HOUR));
}

/** The outbox link of an activity's reminders: what a tap opens, and how its rows are found again. */
export function reminderLink(paiId: number, activityId: number): string {
  return `/pai/${paiId}?activity=${activityId}`;
}
