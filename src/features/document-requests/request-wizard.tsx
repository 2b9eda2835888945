/**
 * The three steps of a copy request (select, delivery, summary) for reports or medical records. The draft
 * lives in local storage; the summary's price and every check come from the server (`quote`).
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useState } from 'react';
import { errorReplyMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import { useLoader } from '../../api/use-loader';
import type { DocumentRequest, Quote, RequestKind } from '../../contract/document-requests';
import { currentPatientAtom } from '../../session/session-atoms';
import { confirm } from '../../ui/confirm-dialog';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { useStepFocus } from '../../ui/step-focus';
import { showToast } from '../../ui/toasts';
import { createRequest, fetchSettings, quoteRequest } from './api';
import type { FieldErrors } from './delivery-step';
import { DeliveryStep } from './delivery-step';
import { newDraft, type RequestDraft, type RequestStep, requestDraftAtom } from './draft';
import { RecordSelect } from './record-select';
import { ReportSelect } from './report-select';
import { RequestDone } from './request-done';
import { RequestFooter } from './request-footer';
import { requestBody, selectionCount, setCopies, stepCopies, toggleFlag, wantsImages } from './selection';
import { StepIndicator } from './step-indicator';
import { SummaryStep } from './summary-step';

interface Problem {
  errors: FieldErrors;
  message: MessageDescriptor | null;
}
const NO_PROBLEM: Problem = { errors: {}, message: null };

/** A failed quote or submission: field errors back on their step, or the catalogue's message. */
function problemOf(error: unknown): Problem {
  const reply = errorReplyOf(error);
  if (!reply)
    return {
      errors: {},
      message: msg`Si è verificato un errore. Riprova e, se il problema persiste, contatta l'help desk.`,
    };
  const errors: Record<string, FieldErrors[string]> = {};
  for (const field of reply.fields ?? []) errors[field.field] = field.code;
  return { errors, message: reply.fields?.length ? null : errorReplyMessage(reply) };
}

export function RequestWizard({
  kind,
  patientId,
  userKey,
  refreshKey = 0,
}: {
  kind: RequestKind;
  patientId: number;
  userKey: string;
  /** Changes when the page is pulled: the list of the first step loads again. */
  refreshKey?: number;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const settings = useLoader(fetchSettings);
  const [stored, setStored] = useAtom(requestDraftAtom(userKey, kind));
  const record = useAtomValue(currentPatientAtom)?.patient ?? null;
  const draft = stored?.patientId === patientId ? stored : newDraft(patientId, kind, Date.now(), record);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [problem, setProblem] = useState<Problem>(NO_PROBLEM);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<DocumentRequest | null>(null);
  // The summary is shown once its quote is there: until then the delivery step stays.
  const step = draft.step === 'summary' && !quote ? 'delivery' : draft.step;
  const stepHeading = useStepFocus(step);

  const update = (change: Partial<RequestDraft>): void =>
    setStored({ ...draft, ...change, updatedAt: Date.now() });
  const goTo = (step: RequestStep): void => {
    setProblem(NO_PROBLEM);
    update({ step });
  };

  if (done) return <RequestDone request={done} onAgain={() => setDone(null)} />;
  if (settings.state.status === 'loading') return <LoadingState />;
  if (settings.state.status === 'error')
    return <ErrorState reason={settings.state.reason} onRetry={() => void settings.reload()} />;
  const { limits } = settings.state.value;

  const onStep = async (id: string, delta: 1 | -1): Promise<void> => {
    const current = draft.selected[id];
    if (!current) return;
    const next = stepCopies(current.numCopies, delta, limits.maxNumberOfCopies);
    if (next !== null) return update({ selected: setCopies(draft.selected, id, next) });
    const yes = await confirm({
      header: msg`Annullare la richiesta?`,
      message: msg`Con 0 copie la richiesta viene annullata e le scelte fatte finora si perdono.`,
      confirmLabel: msg`Annulla la richiesta`,
    });
    if (!yes) return;
    setStored(null);
    setQuote(null);
    showToast('info', msg`Richiesta annullata.`);
  };

  const check = async (then: 'summary' | 'submit'): Promise<void> => {
    setBusy(true);
    setProblem(NO_PROBLEM);
    try {
      if (then === 'summary') {
        setQuote(await quoteRequest(requestBody(draft)));
        update({ step: 'summary' });
      } else {
        const created = await createRequest(requestBody(draft));
        setStored(null);
        setQuote(null);
        setDone(created);
      }
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
      const onItems = Object.keys(found.errors).some((field) => field.startsWith('items'));
      const onDelivery = Object.keys(found.errors).some((field) => field.startsWith('delivery'));
      if (onItems) update({ step: 'select' });
      else if (onDelivery) update({ step: 'delivery' });
    } finally {
      setBusy(false);
    }
  };

  const count = selectionCount(draft);
  const chosen = count === 1 ? t`1 elemento scelto` : t`${count} elementi scelti`;
  const selectProps = {
    patientId,
    selected: draft.selected,
    maxCopies: limits.maxNumberOfCopies,
    onFlag: (
      candidate: Parameters<typeof toggleFlag>[1],
      flag: Parameters<typeof toggleFlag>[2],
      on: boolean,
    ) => update({ selected: toggleFlag(draft.selected, candidate, flag, on) }),
    onStep: (id: string, delta: 1 | -1) => void onStep(id, delta),
  };

  return (
    <div className="request-wizard">
      <StepIndicator current={step} headingRef={stepHeading} />
      {problem.message && (
        <p className="request-problem" role="alert">
          {i18n._(problem.message)}
        </p>
      )}
      {step === 'select' && count > 0 && (
        <div className="request-clear">
          <IonButton fill="clear" size="small" onClick={() => setStored(null)}>
            <Trans>Svuota la selezione</Trans>
          </IonButton>
        </div>
      )}
      {step === 'select' &&
        (kind === 'REPORTS' ? (
          <ReportSelect key={refreshKey} {...selectProps} />
        ) : (
          <RecordSelect key={refreshKey} {...selectProps} />
        ))}
      {step === 'delivery' && (
        <DeliveryStep
          settings={settings.state.value}
          delivery={draft.delivery}
          withImages={wantsImages(draft)}
          errors={problem.errors}
          onChange={(delivery) => update({ delivery })}
        />
      )}
      {step === 'summary' && quote && <SummaryStep draft={draft} quote={quote} />}
      {step === 'select' && (
        <RequestFooter
          status={chosen}
          next={{ label: <Trans>Avanti</Trans>, disabled: count === 0, onClick: () => goTo('delivery') }}
        />
      )}
      {step === 'delivery' && (
        <RequestFooter
          status={null}
          onBack={() => goTo('select')}
          next={{ label: <Trans>Riepilogo</Trans>, busy, onClick: () => void check('summary') }}
        />
      )}
      {step === 'summary' && (
        <RequestFooter
          status={null}
          onBack={() => goTo('delivery')}
          next={{ label: <Trans>Invia la richiesta</Trans>, busy, onClick: () => void check('submit') }}
        />
      )}
    </div>
  );
}
