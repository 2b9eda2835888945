import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { PaiSummary } from '../../contract/pai';

export type Tone = 'success' | 'warning' | 'muted';

/** An ACTIVE plan is in force only once its patient takes part in its project (an invitation waits). */
export const isInForce = (plan: Pick<PaiSummary, 'status' | 'participation'>): boolean =>
  plan.status === 'ACTIVE' && plan.participation === 'participating';

export function planStatusLook(plan: Pick<PaiSummary, 'status' | 'participation'>): {
  label: MessageDescriptor;
  tone: Tone;
} {
  switch (plan.status) {
    case 'ACTIVE':
      if (plan.participation === 'invited') return { label: msg`In attesa di adesione`, tone: 'warning' };
      if (plan.participation !== 'participating') return { label: msg`Non in vigore`, tone: 'muted' };
      return { label: msg`In vigore`, tone: 'success' };
    case 'REPLACED':
      return { label: msg`Sostituito`, tone: 'muted' };
    case 'CLOSED':
      return { label: msg`Concluso`, tone: 'muted' };
  }
}

/** "N days before", as the chips and the activity cards say it (the language's plural rules). */
export function dayLabel(days: number): MessageDescriptor {
  if (days === 0) return msg`Il giorno stesso`;
  return msg`${plural(days, { one: '# giorno prima', other: '# giorni prima' })}`;
}

/** The day chips of the reminder sheet (days before the activity). */
export const REMINDER_CHOICES = [0, 1, 2, 3, 7, 14, 30] as const;

/** Today on the device's calendar, as the date field wants it (YYYY-MM-DD). */
export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
