/**
 * The signing wizard: a generic "sign these temporary documents" flow. The caller gives the steps, an
 * optional form step and an optional `prepare` (which renders the documents from the answers and the
 * signer), and where "Fine" leads. The draft survives leaving the page and a new login; the PIN and the
 * SMS code are kept in memory only.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorReplyOf, failureMessage } from '../api/error-report';
import { requestSignatureCode, signDocuments } from './api';
import type { SigningDraft, SigningStep } from './draft';
import { isResumable, nextStep, previousStep, signingDraftAtom, signingSecretsAtom } from './draft';
import { hasErrors, validateSigner } from './signer-validation';
import { WizardFrame } from './wizard-frame';
import { PRIMARY_LABELS, STEP_TITLES, StepError } from './wizard-labels';
import { type FormStep, WizardStepBody } from './wizard-step-body';

export type { FormStep } from './wizard-step-body';

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
const FAILED = msg`Operazione non riuscita: riprova.`;

export function SigningWizard(props: SigningWizardProps): JSX.Element | null {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const { userKey, flowId, title, start, form, prepare, closeTo, onClose, resultMessage } = props;
  const [stored, setDraft] = useAtom(signingDraftAtom(userKey));
  const [secrets, setSecrets] = useAtom(signingSecretsAtom);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{
    pin?: MessageDescriptor;
    code?: MessageDescriptor;
    step?: MessageDescriptor;
  }>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [pinTyped, setPinTyped] = useState(secrets.pin !== '');

  const draft = isResumable(stored, flowId) ? stored : null;
  // Ionic keeps a page alive after leaving it: a finished flow must not start itself again behind the next page.
  const finished = useRef<string | null>(null);
  useEffect(() => {
    if (!draft && finished.current !== flowId) setDraft({ ...start(), resumeTo: here });
  }, [draft, setDraft, start, flowId, here]);
  // A flow that starts by reading (a revocation) prepares its documents on arrival.
  const mustPrepare = draft?.step === 'read' && draft.documentIds.length === 0 && prepare !== undefined;
  const preparing = useRef(false);
  useEffect(() => {
    if (!mustPrepare || !draft || !prepare || preparing.current) return;
    preparing.current = true;
    setBusy(true);
    prepare(draft)
      .then((prepared) =>
        setDraft({
          ...draft,
          documentIds: prepared.documentIds,
          sessionId: prepared.sessionId ?? null,
          doneTo: prepared.doneTo ?? draft.doneTo,
          updatedAt: Date.now(),
        }),
      )
      .catch((error: unknown) => setErrors({ step: failureMessage(error) ?? FAILED }))
      .finally(() => {
        preparing.current = false;
        setBusy(false);
      });
  }, [mustPrepare, draft, prepare, setDraft]);
  if (!draft) return null;

  const update = (change: Partial<SigningDraft>): void =>
    setDraft({ ...draft, ...change, resumeTo: here, updatedAt: Date.now() });
  const goTo = (step: SigningStep, change: Partial<SigningDraft> = {}): void => {
    setTried(false);
    setErrors({});
    setNotice(null);
    update({ ...change, step });
  };
  const fail = (key: 'pin' | 'code' | 'step', error: unknown): void =>
    setErrors({ [key]: failureMessage(error) ?? FAILED });
  const run = (task: () => Promise<void>): void => {
    setBusy(true);
    void task().finally(() => setBusy(false));
  };

  const continueFrom = (): void => {
    setTried(true);
    const after = nextStep(draft);
    if (draft.step === 'form' && form && !form.isValid(draft.answers)) return;
    if (draft.step === 'signer' && hasErrors(validateSigner(draft.signer))) return;
    if (after === 'read' && prepare) {
      run(async () => {
        try {
          const prepared = await prepare(draft);
          goTo('read', {
            documentIds: prepared.documentIds,
            sessionId: prepared.sessionId ?? null,
            doneTo: prepared.doneTo ?? draft.doneTo,
            read: false,
            otp: null,
          });
        } catch (error) {
          fail('step', error);
        }
      });
      return;
    }
    if (draft.step === 'read' && !draft.read) return;
    if (draft.step === 'pin') return void sendPin();
    if (draft.step === 'code') return void sign();
    if (draft.step === 'result') {
      finished.current = flowId;
      setDraft(null);
      setSecrets({ pin: '' });
      navigate(draft.doneTo, { replace: true });
      return;
    }
    goTo(after);
  };

  /** The PIN's shape, checked before any call; false shows the format error. */
  const pinWellFormed = (): boolean => {
    if (/^\d{4,8}$/.test(secrets.pin)) return true;
    setErrors({ pin: PIN_FORMAT });
    return false;
  };

  const sendPin = (): void => {
    if (!pinWellFormed()) return;
    if (draft.otp && Date.parse(draft.otp.expiresAt) > Date.now() + 30_000) {
      goTo('code'); // the code already sent is still valid: no second SMS
      return;
    }
    run(async () => {
      try {
        const otp = await requestSignatureCode(draft.documentIds);
        setCode('');
        goTo('code', { otp });
      } catch (error) {
        fail('pin', error);
      }
    });
  };

  const resend = (): void =>
    run(async () => {
      try {
        const otp = await requestSignatureCode(draft.documentIds);
        setCode('');
        setErrors({});
        update({ otp });
        setNotice(t`Nuovo codice inviato al numero ${otp.sentTo}.`);
      } catch (error) {
        fail('code', error);
      }
    });

  const sign = (): void => {
    if (!pinWellFormed()) return;
    if (!/^\d{6}$/.test(code)) {
      setErrors({ code: CODE_FORMAT });
      return;
    }
    run(async () => {
      try {
        const reply = await signDocuments(draft.documentIds, secrets.pin, code);
        setSecrets({ pin: '' });
        setCode('');
        goTo('result', { signedDocumentIds: reply.signedDocumentIds, otp: null });
      } catch (error) {
        const reason = errorReplyOf(error)?.code;
        if (reason === 'PIN_WRONG' || reason === 'PIN_LOCKED') {
          setSecrets({ pin: '' });
          setPinTyped(false);
          update({ step: 'pin' });
          fail('pin', error);
        } else if (reason === 'SIGN_CONTEXT_INVALID') {
          fail('step', error);
          update({
            step: draft.steps[0] ?? 'read',
            documentIds: prepare ? [] : draft.documentIds,
            otp: null,
          });
        } else {
          setCode('');
          fail('code', error);
        }
      }
    });
  };

  const index = draft.steps.indexOf(draft.step);
  const back = previousStep(draft);
  const stepError = errors.step ? <StepError message={errors.step} /> : null;

  return (
    <WizardFrame
      title={title}
      stepTitle={draft.step === 'form' && form ? form.title : i18n._(STEP_TITLES[draft.step])}
      index={index}
      count={draft.steps.length}
      onBack={back && draft.step !== 'result' ? () => goTo(back) : undefined}
      onClose={
        draft.step === 'result'
          ? undefined
          : () => {
              setSecrets({ pin: '' });
              if (onClose) onClose();
              else navigate(closeTo);
            }
      }
      primary={{
        label: i18n._(PRIMARY_LABELS[draft.step]),
        onClick: continueFrom,
        busy,
        disabled: draft.step === 'read' && !draft.read,
      }}
    >
      {stepError}
      <WizardStepBody
        draft={draft}
        form={form}
        tried={tried}
        update={update}
        secrets={{ pin: secrets.pin, code, pinTyped }}
        onPin={(pin) => setSecrets({ pin })}
        onPinTyped={() => setPinTyped(true)}
        onCode={setCode}
        errors={errors}
        onResend={resend}
        busy={busy}
        notice={notice}
        resultMessage={resultMessage}
      />
    </WizardFrame>
  );
}
