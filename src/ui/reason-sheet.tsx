/**
 * A refusal with its mandatory reason, which the other side reads (a conference request, a survey): a sheet with
 * the reason field and the confirm button. The reason typed stays if the refusal fails. `useReasonForm` is its
 * state, also used where the reason is typed inside another sheet (an upload's review).
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { fieldErrorMessage } from '../api/error-messages';
import { errorReplyOf, failureMessage } from '../api/error-report';
import { ReasonField } from './reason-field';
import { Sheet } from './sheet';
import './forms.css';

export const REASON_REQUIRED = msg`Il motivo del rifiuto è obbligatorio`;

/** What the server's refusal means for the reason, which its reply names `field`. */
export function reasonProblem(
  failure: unknown,
  field: string,
  fallback: MessageDescriptor,
): MessageDescriptor {
  const problem = errorReplyOf(failure)?.fields?.find((each) => each.field === field);
  if (problem?.code === 'required') return REASON_REQUIRED;
  if (problem) return fieldErrorMessage(problem.code);
  return failureMessage(failure) ?? fallback;
}

export interface ReasonForm {
  reason: string;
  setReason: (reason: string) => void;
  problem: MessageDescriptor | null;
  busy: boolean;
  /** Refuses with the trimmed reason, or says it is missing without calling the server. */
  submit: () => Promise<void>;
  /** An empty reason and no problem: for the next item. */
  reset: () => void;
}

export function useReasonForm(
  refuse: (reason: string) => Promise<void>,
  problemOf: (failure: unknown) => MessageDescriptor,
): ReasonForm {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = useCallback(() => {
    setReason('');
    setProblem(null);
  }, []);
  const submit = async (): Promise<void> => {
    if (!reason.trim()) {
      setProblem(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await refuse(reason.trim());
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return { reason, setReason, problem, busy, submit, reset };
}

export function ReasonSheet({
  open,
  title,
  intro,
  maxLength,
  field,
  failed,
  resetKey,
  actionsClassName,
  onClose,
  onRefuse,
}: {
  open: boolean;
  title: ReactNode;
  /** What the refusal is about and who reads the reason. */
  intro: ReactNode;
  maxLength: number;
  /** The reason's name in the server's validation reply. */
  field: string;
  /** The message of a failure the server does not explain. */
  failed: MessageDescriptor;
  /** A new value (another item) opens with a clean form. */
  resetKey?: number;
  actionsClassName: string;
  onClose: () => void;
  onRefuse: (reason: string) => Promise<void>;
}): JSX.Element {
  const form = useReasonForm(onRefuse, (failure) => reasonProblem(failure, field, failed));
  const { reset } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read
  useEffect(() => reset(), [resetKey, reset]);

  return (
    <Sheet
      open={open}
      onClose={onClose}
      closeDisabled={form.busy}
      title={title}
      footer={
        <div className={actionsClassName}>
          <IonButton fill="outline" disabled={form.busy} onClick={onClose}>
            <Trans>Annulla</Trans>
          </IonButton>
          <IonButton color="danger" disabled={form.busy} onClick={() => void form.submit()}>
            <Trans>Conferma il rifiuto</Trans>
          </IonButton>
        </div>
      }
    >
      {intro}
      <ReasonField
        value={form.reason}
        onChange={form.setReason}
        maxLength={maxLength}
        rows={4}
        disabled={form.busy}
        problem={form.problem}
      />
    </Sheet>
  );
}
