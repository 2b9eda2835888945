import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaiStatus } from '../../contract/pai';

export type Tone = 'success' | 'warning' | 'muted';

export function planStatusLook(status: PaiStatus): { label: MessageDescriptor; tone: Tone } {
  switch (status) {
    case 'ACTIVE':
      return { label: msg`In vigore`, tone: 'success' };
    case 'REPLACED':
      return { label: msg`Sostituito`, tone: 'muted' };
    case 'CLOSED':
      return { label: msg`Concluso`, tone: 'muted' };
  }
}

/** "N days before", as the chips and the activity cards say it. */
export function dayLabel(days: number): MessageDescriptor {
  if (days === 0) return msg`Il giorno stesso`;
  if (days === 1) return msg`1 giorno prima`;
  return msg`${days} giorni prima`;
}

/** The day chips of the reminder sheet (days before the activity). */
export const REMINDER_CHOICES = [0, 1, 2, 3, 7, 14, 30] as const;

/** Today on the device's calendar, as the date field wants it (YYYY-MM-DD). */
export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
