/**
 * Reminders of one activity: days before its date, chosen as chips (at most MAX_REMINDER_OFFSETS), or
 * back to the general notification preferences. What the server refuses is said here, the choice kept.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import { MAX_REMINDER_OFFSETS } from '../../contract/notify';
import type { PaiActivity } from '../../contract/pai';
import { Sheet } from '../../ui/sheet';
import { dayLabel, REMINDER_CHOICES } from './labels';

export function ReminderSheet({
  activity,
  onClose,
  onSave,
}: {
  activity: PaiActivity | null;
  onClose: () => void;
  onSave: (activity: PaiActivity, days: number[] | null) => Promise<void>;
}): JSX.Element {
  const { i18n } = useLingui();
  const [days, setDays] = useState<number[]>([]);
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const id = activity?.activityId ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another activity opens with its own days
  useEffect(() => {
    setDays(activity?.reminderDays ?? []);
    setProblem(null);
  }, [id]);

  const toggle = (value: number): void => {
    setProblem(null);
    if (days.includes(value)) setDays(days.filter((day) => day !== value));
    else if (days.length < MAX_REMINDER_OFFSETS) setDays([...days, value].sort((a, b) => a - b));
  };

  const save = async (choice: number[] | null): Promise<void> => {
    if (!activity) return;
    setBusy(true);
    try {
      await onSave(activity, choice);
    } catch (failure) {
      setProblem(failureMessage(failure) ?? msg`Impossibile salvare i promemoria. Riprova.`);
    } finally {
      setBusy(false);
    }
  };

  const full = days.length >= MAX_REMINDER_OFFSETS;
  return (
    <Sheet
      open={activity !== null}
      onClose={onClose}
      closeDisabled={busy}
      title={<Trans>Promemoria</Trans>}
      footer={
        <div className="pai-actions">
          <IonButton fill="outline" disabled={busy} onClick={() => void save(null)}>
            <Trans>Usa le preferenze generali</Trans>
          </IonButton>
          <IonButton disabled={busy} onClick={() => void save(days)}>
            <Trans>Salva</Trans>
          </IonButton>
        </div>
      }
    >
      {activity && <p className="pai-sheet-subject">{activity.title}</p>}
      <fieldset className="pai-chips">
        <legend>
          <Trans>Quando vuoi ricevere un promemoria?</Trans>
        </legend>
        {REMINDER_CHOICES.map((value) => {
          const on = days.includes(value);
          return (
            <button
              key={value}
              type="button"
              className="pai-day-chip"
              aria-pressed={on}
              disabled={busy || (!on && full)}
              onClick={() => toggle(value)}
            >
              {i18n._(dayLabel(value))}
            </button>
          );
        })}
      </fieldset>
      <p className="muted">
        <Trans>
          I promemoria arrivano alle 8 del mattino come notifica, se le notifiche sono attive. Al massimo{' '}
          {MAX_REMINDER_OFFSETS}.
        </Trans>
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {i18n._(problem)}
        </p>
      )}
    </Sheet>
  );
}
