/**
 * A booked visit's times on the hospital's clock (Europe/Rome), whatever the device's time zone: the
 * booking form's fields and the cards' "La visita inizia alle 15:30".
 */
import { useEffect, useState } from 'react';
import { VISIT_MAX_DAYS_AHEAD, VISIT_TIME_ZONE } from '../../contract/conferences';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: VISIT_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: VISIT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD` and `HH:MM` of an instant in hospital time. */
export function hospitalParts(at: Date | string): { date: string; time: string } {
  const instant = typeof at === 'string' ? new Date(at) : at;
  return { date: dayFormat.format(instant), time: timeFormat.format(instant) };
}

const DAY_MS = 86_400_000;

/** The booking form's bounds and first proposal: tomorrow at 09:00, up to VISIT_MAX_DAYS_AHEAD ahead. */
export function bookingBounds(now: Date = new Date()): { min: string; max: string; proposed: string } {
  return {
    min: hospitalParts(now).date,
    max: hospitalParts(new Date(now.getTime() + VISIT_MAX_DAYS_AHEAD * DAY_MS)).date,
    proposed: hospitalParts(new Date(now.getTime() + DAY_MS)).date,
  };
}

/**
 * The current time, re-rendered when `until` passes (the join button opens then without a reload). A
 * far `until` is checked again every hour (a timer cannot wait longer than ~24 days).
 */
export function useNowUntil(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` re-arms the timer after an hourly check
  useEffect(() => {
    if (until === null) return;
    const wait = Date.parse(until) - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, 3_600_000));
    return () => clearTimeout(timer);
  }, [until, now]);
  return now;
}
