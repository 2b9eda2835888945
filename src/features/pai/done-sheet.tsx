/**
 * "Segna come svolta": the day it was done (today unless changed; not in the future, not before the
 * plan's start), then a confirmation, as done is final. A refusal is said here and keeps the date.
 * A compact sheet (one date field): it rests at about 360 px, closes by its one "Chiudi" (or a swipe
 * down), and its footer holds the one action, full width.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { errorReplyOf, failureMessage } from '../../api/error-report';
import type { PaiActivity } from '../../contract/pai';
import { confirm } from '../../ui/confirm-dialog';
import { Sheet } from '../../ui/sheet';
import { todayIso } from './labels';
import '../../ui/forms.css';

/**
 * Where the sheet rests: about 360 px (title, subject, date, an error and the footer), as a fraction of the
 * screen, between 30 % (a tablet) and 60 % (a small phone). A drag up shows it whole.
 */
function restingStop(): number {
  const height = typeof window === 'undefined' ? 844 : window.innerHeight;
  return Math.min(0.6, Math.max(0.3, Math.round((360 / height) * 100) / 100));
}

const OUT_OF_RANGE = msg`La data deve essere compresa tra l'inizio del piano e oggi`;

function problemOf(failure: unknown): MessageDescriptor {
  if (errorReplyOf(failure)?.fields?.some((field) => field.field === 'deliveryDate')) return OUT_OF_RANGE;
  return failureMessage(failure) ?? msg`Impossibile segnare l'attività come svolta. Riprova.`;
}

export function DoneSheet({
  activity,
  planStart,
  onClose,
  onDone,
}: {
  activity: PaiActivity | null;
  planStart: string;
  onClose: () => void;
  onDone: (activity: PaiActivity, deliveryDate: string) => Promise<void>;
}): JSX.Element {
  const { i18n } = useLingui();
  const today = todayIso();
  const [day, setDay] = useState(today);
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const id = activity?.activityId ?? 0;
  const [rest] = useState(restingStop);

  // biome-ignore lint/correctness/useExhaustiveDependencies: another activity opens with today
  useEffect(() => {
    setDay(todayIso());
    setProblem(null);
  }, [id]);

  const submit = async (): Promise<void> => {
    if (!activity) return;
    if (!day || day > today || day < planStart) {
      setProblem(OUT_OF_RANGE);
      return;
    }
    const yes = await confirm({
      header: msg`Segna come svolta`,
      message: msg`Confermi che l'attività è stata svolta? Non sarà più possibile modificarla.`,
      confirmLabel: msg`Conferma`,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await onDone(activity, day);
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={activity !== null}
      onClose={onClose}
      closeDisabled={busy}
      title={<Trans>Segna come svolta</Trans>}
      className="pai-done-sheet"
      breakpoints={[0, rest, 1]}
      initialBreakpoint={rest}
      footer={
        <div className="pai-sheet-footer">
          <IonButton expand="block" disabled={busy} onClick={() => void submit()}>
            <Trans>Segna come svolta</Trans>
          </IonButton>
        </div>
      }
    >
      {activity && <p className="pai-sheet-subject">{activity.title}</p>}
      <label className="field">
        <span>
          <Trans>Data di svolgimento</Trans>
        </span>
        <input
          type="date"
          value={day}
          min={planStart}
          max={today}
          disabled={busy}
          aria-invalid={problem === OUT_OF_RANGE}
          aria-describedby={problem ? 'pai-done-problem' : undefined}
          onChange={(event) => {
            setDay(event.target.value);
            setProblem(null);
          }}
        />
      </label>
      {problem && (
        <p id="pai-done-problem" className="field-error" role="alert">
          {i18n._(problem)}
        </p>
      )}
    </Sheet>
  );
}
