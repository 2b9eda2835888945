/**
 * The signing wizard's state and every way it changes, as one reducer: the stored draft (step, documents,
 * signer, answers), the PIN (memory only) and what the screen shows around them (typed code, errors,
 * "continue" tried, a call running, a notice). The wizard does the calls and dispatches their outcome here;
 * the step body reads the state and dispatches the user's edits. Pure: no time, no storage, no calls.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { SigningDraft, SigningStep } from './draft';

/** Errors shown by the wizard: under the PIN, under the code, or above the step. */
export interface WizardErrors {
  pin?: MessageDescriptor;
  code?: MessageDescriptor;
  /** What to do next about a refused code (type it again, or ask for a new one). */
  codeNext?: MessageDescriptor;
  step?: MessageDescriptor;
}

/** What the screen shows around the draft; never stored. */
export interface WizardScreen {
  /** The SMS code as typed; in memory only. */
  code: string;
  errors: WizardErrors;
  /** Whether "continue" was tried: field errors show only then. */
  tried: boolean;
  /** A call is running (prepare, send the code, sign). */
  busy: boolean;
  notice: string | null;
  /** The PIN was typed on the PIN step, so the code step need not ask it again. */
  pinTyped: boolean;
  /** The server accepted this PIN when it sent the code (POST /sign/otp checks it first). */
  pinChecked: boolean;
}

export interface WizardState {
  /** The draft of this flow, null before it starts and after "Fine". */
  draft: SigningDraft | null;
  /** The signing PIN; in memory only, never in the draft. */
  pin: string;
  screen: WizardScreen;
}

/** The documents a `prepare` call rendered for the draft. */
export interface Prepared {
  documentIds: number[];
  sessionId?: string | null;
  doneTo?: string;
}

type Otp = NonNullable<SigningDraft['otp']>;
type ErrorField = keyof WizardErrors;

export type WizardAction =
  /** A new draft for this flow (none stored, or the stored one is of another flow or too old). */
  | { type: 'started'; draft: SigningDraft }
  /** The user edited the form, the signer, or ticked "read". */
  | { type: 'edited'; change: Partial<Pick<SigningDraft, 'answers' | 'signer' | 'read'>> }
  /** `typed`: on the PIN step itself (the code step then does not ask it again). */
  | { type: 'pinTyped'; pin: string; typed: boolean }
  | { type: 'codeTyped'; code: string }
  | { type: 'continueTried' }
  | { type: 'busy'; busy: boolean }
  /** Back, or forward without a call. */
  | { type: 'wentTo'; step: SigningStep }
  /** `goToRead`: prepared on "continue", so the wizard moves on to reading them. */
  | { type: 'prepared'; prepared: Prepared; goToRead: boolean }
  /** The PIN was accepted and the code sent (the code step follows). */
  | { type: 'codeSent'; otp: Otp }
  /** The PIN was accepted and the code sent a moment ago is still valid: on to the code step, no new SMS. */
  | { type: 'codeKept' }
  | { type: 'codeResent'; otp: Otp; notice: string }
  | { type: 'failed'; field: ErrorField; message: MessageDescriptor }
  | { type: 'signed'; signedDocumentIds: number[] }
  /** The code was refused (wrong, expired, or the call failed): typed anew. */
  | { type: 'codeRefused'; message: MessageDescriptor; next?: MessageDescriptor }
  /** The PIN was refused (wrong or locked): back to the PIN step, typed anew. */
  | { type: 'pinRefused'; message: MessageDescriptor }
  /** The ceremony is gone on the server: back to the first step, answers kept, documents prepared anew. */
  | { type: 'contextLost'; message: MessageDescriptor; keepDocuments: boolean }
  /** The wizard was closed: the draft stays, the PIN goes. */
  | { type: 'closed' }
  /** "Fine": the draft and the PIN go. */
  | { type: 'finished' };

export function initialScreen(pin: string): WizardScreen {
  return {
    code: '',
    errors: {},
    tried: false,
    busy: false,
    notice: null,
    pinTyped: pin !== '',
    pinChecked: false,
  };
}

/** Moving to a step clears what the previous step showed. */
function moveTo(state: WizardState, draft: SigningDraft, step: SigningStep): WizardState {
  return {
    ...state,
    draft: { ...draft, step },
    screen: { ...state.screen, tried: false, errors: {}, notice: null },
  };
}

function withDraft(state: WizardState, change: Partial<SigningDraft>): WizardState {
  return state.draft ? { ...state, draft: { ...state.draft, ...change } } : state;
}

function withScreen(state: WizardState, change: Partial<WizardScreen>): WizardState {
  return { ...state, screen: { ...state.screen, ...change } };
}

export function signingReducer(state: WizardState, action: WizardAction): WizardState {
  const { draft } = state;
  switch (action.type) {
    case 'started':
      return { ...state, draft: action.draft };
    case 'edited': {
      if (!draft) return state;
      const changed = (Object.keys(action.change) as (keyof typeof action.change)[]).some(
        (key) => action.change[key] !== draft[key],
      );
      return changed ? withDraft(state, action.change) : state;
    }
    case 'pinTyped': {
      // A changed PIN has not been checked by the server.
      const pinChecked = state.screen.pinChecked && action.pin === state.pin;
      return {
        ...state,
        pin: action.pin,
        screen: { ...state.screen, pinChecked, pinTyped: state.screen.pinTyped || action.typed },
      };
    }
    case 'codeTyped':
      return withScreen(state, { code: action.code });
    case 'continueTried':
      return withScreen(state, { tried: true });
    case 'busy':
      return withScreen(state, { busy: action.busy });
    case 'wentTo':
      return draft ? moveTo(state, draft, action.step) : state;
    case 'prepared': {
      if (!draft) return state;
      const { prepared } = action;
      const documents: SigningDraft = {
        ...draft,
        documentIds: prepared.documentIds,
        sessionId: prepared.sessionId ?? null,
        doneTo: prepared.doneTo ?? draft.doneTo,
      };
      if (!action.goToRead) return { ...state, draft: documents };
      return moveTo(state, { ...documents, read: false, otp: null }, 'read');
    }
    case 'codeSent':
      return draft
        ? moveTo(withScreen(state, { code: '', pinChecked: true }), { ...draft, otp: action.otp }, 'code')
        : state;
    case 'codeKept':
      return draft ? moveTo(withScreen(state, { pinChecked: true }), draft, 'code') : state;
    case 'codeResent':
      return withScreen(withDraft(state, { otp: action.otp }), {
        code: '',
        errors: {},
        notice: action.notice,
      });
    case 'failed':
      return withScreen(state, { errors: { [action.field]: action.message } });
    case 'signed':
      if (!draft) return state;
      return moveTo(
        { ...state, pin: '', screen: { ...state.screen, code: '' } },
        { ...draft, signedDocumentIds: action.signedDocumentIds, otp: null },
        'result',
      );
    case 'codeRefused':
      return withScreen(state, {
        code: '',
        errors: action.next ? { code: action.message, codeNext: action.next } : { code: action.message },
      });
    case 'pinRefused':
      return withScreen(
        { ...withDraft(state, { step: 'pin' }), pin: '' },
        { pinTyped: false, pinChecked: false, errors: { pin: action.message } },
      );
    case 'contextLost':
      if (!draft) return state;
      return withScreen(
        withDraft(state, {
          step: draft.steps[0] ?? 'read',
          documentIds: action.keepDocuments ? draft.documentIds : [],
          otp: null,
        }),
        { errors: { step: action.message } },
      );
    case 'closed':
      return { ...state, pin: '' };
    case 'finished':
      return { ...state, draft: null, pin: '' };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
