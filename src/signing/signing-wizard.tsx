/**
 * The signing wizard: a generic "sign these temporary documents" flow. The caller gives the steps, an
 * optional form step and an optional `prepare` (which renders the documents from the answers and the
 * signer), and where "Fine" leads. The draft survives leaving the page and a new login; the PIN and the
 * SMS code are kept in memory only. The state changes only through the reducer of `machine.ts`; this
 * component runs the calls and dispatches their outcome.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorReplyOf, failureMessage } from '../api/error-report';
import { requestSignatureCode, signDocuments } from './api';
import type { SigningDraft } from './draft';
import { nextStep, previousStep } from './draft';
import { focusScreenHeading } from './focus-heading';
import type { WizardAction } from './machine';
import { FAILED, refusalOf } from './refusals';
import { hasErrors, validateSigner } from './signer-validation';
import { useSigningMachine } from './use-signing-machine';
import type { FormStep } from './wizard-context';
import { WizardContext } from './wizard-context';
import { WizardFrame } from './wizard-frame';
import { PRIMARY_LABELS, STEP_TITLES, StepError } from './wizard-labels';
import { WizardStepBody } from './wizard-step-body';

export type { FormStep } from './wizard-context';

export interface PreparedSigning {
  documentIds: number[];
  sessionId?: string | null;
  /** Overrides where "Fine" leads (e.g. the revoke check with the ceremony id). */
  doneTo?: string;
}

export interface SigningWizardProps {
  userKey: string;
  flowId: string;
  title: string;
  /** The draft to start with when none is stored for this flow. */
  start: () => SigningDraft;
  form?: FormStep;
  prepare?: (draft: SigningDraft) => Promise<PreparedSigning>;
  /** Where the close button leads; the draft stays, so coming back resumes. */
  closeTo: string;
  /** Replaces the navigation to `closeTo` (e.g. logout when there is nowhere else to go). */
  onClose?: () => void;
  resultMessage: string;
}

const PIN_FORMAT = msg`Il PIN è composto da 4 a 8 cifre`;
const CODE_FORMAT = msg`Il codice è composto da 6 cifre`;

export function SigningWizard(props: SigningWizardProps): JSX.Element | null {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const { userKey, flowId, title, start, form, prepare, closeTo, onClose, resultMessage } = props;
  const [state, dispatch] = useSigningMachine(userKey, flowId, here);
  const { draft, pin, screen } = state;

  // Ionic keeps a page alive after leaving it: a finished flow must not start itself again behind the next page.
  const finished = useRef<string | null>(null);
  useEffect(() => {
    if (!draft && finished.current !== flowId)
      dispatch({ type: 'started', draft: { ...start(), resumeTo: here } });
  }, [draft, dispatch, start, flowId, here]);
  // A flow that starts by reading (a revocation) prepares its documents on arrival.
  const mustPrepare = draft?.step === 'read' && draft.documentIds.length === 0 && prepare !== undefined;
  const preparing = useRef(false);
  useEffect(() => {
    if (!mustPrepare || !draft || !prepare || preparing.current) return;
    preparing.current = true;
    dispatch({ type: 'busy', busy: true });
    prepare(draft)
      .then((prepared) => dispatch({ type: 'prepared', prepared, goToRead: false }))
      .catch((error: unknown) => dispatch(failed('step', error)))
      .finally(() => {
        preparing.current = false;
        dispatch({ type: 'busy', busy: false });
      });
  }, [mustPrepare, draft, prepare, dispatch]);
  if (!draft) return null;

  const run = (task: () => Promise<void>): void => {
    dispatch({ type: 'busy', busy: true });
    void task().finally(() => dispatch({ type: 'busy', busy: false }));
  };

  const continueFrom = (): void => {
    dispatch({ type: 'continueTried' });
    const after = nextStep(draft);
    if (draft.step === 'form' && form && !form.isValid(draft.answers)) return;
    if (draft.step === 'signer' && hasErrors(validateSigner(draft.signer))) return;
    if (after === 'read' && prepare) {
      run(async () => {
        try {
          dispatch({ type: 'prepared', prepared: await prepare(draft), goToRead: true });
        } catch (error) {
          dispatch(failed('step', error));
        }
      });
      return;
    }
    if (draft.step === 'read' && !draft.read) return;
    if (draft.step === 'pin') return void sendPin();
    if (draft.step === 'code') return void sign();
    if (draft.step === 'result') {
      finished.current = flowId;
      dispatch({ type: 'finished' });
      navigate(draft.doneTo, { replace: true });
      focusScreenHeading(); // the screen "Fine" returns to, once Ionic has shown it
      return;
    }
    dispatch({ type: 'wentTo', step: after });
  };

  /** The PIN's shape, checked before any call; false shows the format error. */
  const pinWellFormed = (): boolean => {
    if (/^\d{4,8}$/.test(pin)) return true;
    dispatch({ type: 'failed', field: 'pin', message: PIN_FORMAT });
    return false;
  };

  const codeStillValid = draft.otp !== null && Date.parse(draft.otp.expiresAt) > Date.now() + 30_000;

  /** The server checks the PIN before it sends the code: a wrong PIN is told here, before any SMS. */
  const sendPin = (): void => {
    if (!pinWellFormed()) return;
    if (screen.pinChecked && codeStillValid) return void dispatch({ type: 'codeKept' }); // no second SMS
    run(async () => {
      try {
        dispatch({ type: 'codeSent', otp: await requestSignatureCode(draft.documentIds, pin) });
      } catch (error) {
        // Too soon for a new SMS means the PIN was right (it is checked first): the code sent stays valid.
        if (errorReplyOf(error)?.code === 'OTP_RESEND_TOO_SOON' && codeStillValid)
          dispatch({ type: 'codeKept' });
        else dispatch(failed('pin', error));
      }
    });
  };

  const resend = (): void => {
    if (!pinWellFormed()) return;
    run(async () => {
      try {
        const otp = await requestSignatureCode(draft.documentIds, pin);
        dispatch({
          type: 'codeResent',
          otp,
          notice: otp.sentToPatient
            ? t`Nuovo codice inviato al cellulare del paziente (${otp.sentTo}).`
            : t`Nuovo codice inviato al numero ${otp.sentTo}.`,
        });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal.kind === 'pin' && screen.pinTyped)
          dispatch({ type: 'pinRefused', message: refusal.message });
        else dispatch(failed(refusal.kind === 'pin' ? 'pin' : 'code', error));
      }
    });
  };

  const sign = (): void => {
    if (!pinWellFormed()) return;
    if (!/^\d{6}$/.test(screen.code)) {
      dispatch({ type: 'failed', field: 'code', message: CODE_FORMAT });
      return;
    }
    run(async () => {
      try {
        const reply = await signDocuments(draft.documentIds, pin, screen.code);
        dispatch({ type: 'signed', signedDocumentIds: reply.signedDocumentIds });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal.kind === 'pin') dispatch({ type: 'pinRefused', message: refusal.message });
        else if (refusal.kind === 'context')
          dispatch({ type: 'contextLost', message: refusal.message, keepDocuments: prepare === undefined });
        else dispatch({ type: 'codeRefused', message: refusal.message, ...refusal.next });
      }
    });
  };

  const index = draft.steps.indexOf(draft.step);
  const back = previousStep(draft);

  return (
    <WizardFrame
      title={title}
      stepKey={draft.step}
      stepTitle={draft.step === 'form' && form ? form.title : i18n._(STEP_TITLES[draft.step])}
      index={index}
      count={draft.steps.length}
      onBack={back && draft.step !== 'result' ? () => dispatch({ type: 'wentTo', step: back }) : undefined}
      onClose={
        draft.step === 'result'
          ? undefined
          : () => {
              dispatch({ type: 'closed' });
              if (onClose) onClose();
              else navigate(closeTo);
            }
      }
      primary={{
        label: i18n._(PRIMARY_LABELS[draft.step]),
        onClick: continueFrom,
        busy: screen.busy,
        disabled: draft.step === 'read' && !draft.read,
      }}
    >
      {screen.errors.step ? <StepError message={screen.errors.step} /> : null}
      <WizardContext.Provider
        value={{ state: { ...state, draft }, dispatch, form, resultMessage, resend, submit: continueFrom }}
      >
        <WizardStepBody />
      </WizardContext.Provider>
    </WizardFrame>
  );
}

function failed(field: 'pin' | 'code' | 'step', error: unknown): WizardAction {
  return { type: 'failed', field, message: failureMessage(error) ?? FAILED };
}
