import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import type { SigningDraft } from './draft';
import { newDraft, SELF_SIGNER } from './draft';
import type { WizardState } from './machine';
import { initialScreen, signingReducer } from './machine';

const OTP = {
  sentTo: '****4567',
  expiresAt: '2026-01-01T10:10:00Z',
  resendAvailableAt: '2026-01-01T10:01:00Z',
};
const REFUSED = msg`Rifiutato`;

function draftAt(step: SigningDraft['step'], change: Partial<SigningDraft> = {}): SigningDraft {
  const draft = newDraft({
    flowId: 'consent:1',
    steps: ['form', 'signer', 'read', 'pin', 'code', 'result'],
    doneTo: '/done',
    answers: { q1: 'yes' },
    now: 1,
  });
  return { ...draft, step, ...change };
}

function stateAt(step: SigningDraft['step'], change: Partial<SigningDraft> = {}): WizardState {
  return { draft: draftAt(step, change), pin: '', screen: initialScreen('') };
}

describe('signingReducer', () => {
  it('starts a draft and keeps every other part', () => {
    const empty: WizardState = { draft: null, pin: '1234', screen: initialScreen('1234') };
    const next = signingReducer(empty, { type: 'started', draft: draftAt('form') });
    expect(next.draft?.step).toBe('form');
    expect(next.pin).toBe('1234');
    expect(next.screen.pinTyped).toBe(true);
  });

  it('edits the draft, and an edit that changes nothing returns the same state (no write)', () => {
    const state = stateAt('read');
    expect(signingReducer(state, { type: 'edited', change: { read: false } })).toBe(state);
    const read = signingReducer(state, { type: 'edited', change: { read: true } });
    expect(read.draft?.read).toBe(true);
    const signer = { ...SELF_SIGNER, type: 'other' as const };
    expect(signingReducer(state, { type: 'edited', change: { signer } }).draft?.signer).toBe(signer);
  });

  it('ignores every draft action before the draft exists', () => {
    const empty: WizardState = { draft: null, pin: '', screen: initialScreen('') };
    expect(signingReducer(empty, { type: 'wentTo', step: 'pin' })).toBe(empty);
    expect(signingReducer(empty, { type: 'edited', change: { read: true } })).toBe(empty);
    expect(signingReducer(empty, { type: 'signed', signedDocumentIds: [1] })).toBe(empty);
  });

  it('moving to a step clears the errors, the notice and "tried", and keeps the answers', () => {
    let state = signingReducer(stateAt('signer'), { type: 'continueTried' });
    state = signingReducer(state, { type: 'failed', field: 'step', message: REFUSED });
    expect(state.screen.tried).toBe(true);
    state = signingReducer(state, { type: 'wentTo', step: 'form' });
    expect(state.draft?.step).toBe('form');
    expect(state.draft?.answers).toEqual({ q1: 'yes' });
    expect(state.screen).toMatchObject({ tried: false, errors: {}, notice: null });
  });

  it('prepared on "continue": the new documents, unread, at the read step; on arrival: documents only', () => {
    const state = stateAt('signer', { read: true, otp: OTP });
    const moved = signingReducer(state, {
      type: 'prepared',
      prepared: { documentIds: [5, 6], sessionId: 's1', doneTo: '/check/s1' },
      goToRead: true,
    });
    expect(moved.draft).toMatchObject({
      step: 'read',
      documentIds: [5, 6],
      sessionId: 's1',
      doneTo: '/check/s1',
      read: false,
      otp: null,
    });
    const arrived = signingReducer(stateAt('read'), {
      type: 'prepared',
      prepared: { documentIds: [7] },
      goToRead: false,
    });
    expect(arrived.draft).toMatchObject({ step: 'read', documentIds: [7], sessionId: null, doneTo: '/done' });
  });

  it('a PIN typed on the PIN step is remembered as typed; on the code step it is not', () => {
    const onPinStep = signingReducer(stateAt('pin'), { type: 'pinTyped', pin: '12', typed: true });
    expect(onPinStep.pin).toBe('12');
    expect(onPinStep.screen.pinTyped).toBe(true);
    const onCodeStep = signingReducer(stateAt('code'), { type: 'pinTyped', pin: '12', typed: false });
    expect(onCodeStep.screen.pinTyped).toBe(false);
  });

  it('a code sent moves to the code step with an empty code; a code resent stays with a notice', () => {
    const typed = signingReducer(stateAt('pin'), { type: 'codeTyped', code: '999' });
    const sent = signingReducer(typed, { type: 'codeSent', otp: OTP });
    expect(sent.draft).toMatchObject({ step: 'code', otp: OTP });
    expect(sent.screen.code).toBe('');
    const failed = signingReducer(signingReducer(sent, { type: 'codeTyped', code: '1' }), {
      type: 'failed',
      field: 'code',
      message: REFUSED,
    });
    const resent = signingReducer(failed, {
      type: 'codeResent',
      otp: { ...OTP, sentTo: 'x' },
      notice: 'Nuovo',
    });
    expect(resent.draft?.step).toBe('code');
    expect(resent.draft?.otp?.sentTo).toBe('x');
    expect(resent.screen).toMatchObject({ code: '', errors: {}, notice: 'Nuovo' });
  });

  it('signed: the result step, the PIN and the code forgotten', () => {
    let state: WizardState = { ...stateAt('code', { otp: OTP }), pin: '1234' };
    state = signingReducer(state, { type: 'codeTyped', code: '123456' });
    const signed = signingReducer(state, { type: 'signed', signedDocumentIds: [91] });
    expect(signed.draft).toMatchObject({ step: 'result', signedDocumentIds: [91], otp: null });
    expect(signed.pin).toBe('');
    expect(signed.screen.code).toBe('');
  });

  it('a refused PIN brings the user back to the PIN step to type it again, answers kept', () => {
    const state: WizardState = {
      draft: draftAt('code', { otp: OTP }),
      pin: '9999',
      screen: { ...initialScreen('9999'), code: '123456' },
    };
    const next = signingReducer(state, { type: 'pinRefused', message: REFUSED });
    expect(next.draft).toMatchObject({ step: 'pin', otp: OTP, answers: { q1: 'yes' } });
    expect(next.pin).toBe('');
    expect(next.screen).toMatchObject({ pinTyped: false, errors: { pin: REFUSED } });
  });

  it('a refused code is typed anew; a lost ceremony goes back to the first step with the answers kept', () => {
    const typed = signingReducer(stateAt('code'), { type: 'codeTyped', code: '123456' });
    const refused = signingReducer(typed, { type: 'codeRefused', message: REFUSED });
    expect(refused.screen).toMatchObject({ code: '', errors: { code: REFUSED } });
    expect(refused.draft?.step).toBe('code');

    const lost = stateAt('code', { documentIds: [5], otp: OTP });
    const prepareAgain = signingReducer(lost, {
      type: 'contextLost',
      message: REFUSED,
      keepDocuments: false,
    });
    expect(prepareAgain.draft).toMatchObject({
      step: 'form',
      documentIds: [],
      otp: null,
      answers: { q1: 'yes' },
    });
    expect(prepareAgain.screen.errors).toEqual({ step: REFUSED });
    const keep = signingReducer(lost, { type: 'contextLost', message: REFUSED, keepDocuments: true });
    expect(keep.draft?.documentIds).toEqual([5]);
  });

  it('closing forgets the PIN and keeps the draft; finishing forgets both', () => {
    const state: WizardState = { ...stateAt('pin'), pin: '1234' };
    const closed = signingReducer(state, { type: 'closed' });
    expect(closed.pin).toBe('');
    expect(closed.draft).toBe(state.draft);
    const finished = signingReducer(state, { type: 'finished' });
    expect(finished).toMatchObject({ draft: null, pin: '' });
  });

  it('shows "busy" while a call runs', () => {
    const busy = signingReducer(stateAt('pin'), { type: 'busy', busy: true });
    expect(busy.screen.busy).toBe(true);
    expect(signingReducer(busy, { type: 'busy', busy: false }).screen.busy).toBe(false);
  });

  it('a PIN accepted with the code is marked checked; changing it or a refusal clears the mark', () => {
    const typed = signingReducer(stateAt('pin'), { type: 'pinTyped', pin: '1234', typed: true });
    expect(typed.screen.pinChecked).toBe(false);
    const sent = signingReducer(typed, { type: 'codeSent', otp: { ...OTP, sentToPatient: false } });
    expect(sent.screen.pinChecked).toBe(true);
    // The same PIN typed again (e.g. back to the PIN step) stays checked; another one does not.
    expect(signingReducer(sent, { type: 'pinTyped', pin: '1234', typed: true }).screen.pinChecked).toBe(true);
    expect(signingReducer(sent, { type: 'pinTyped', pin: '12345', typed: true }).screen.pinChecked).toBe(
      false,
    );
    const refused = signingReducer(sent, { type: 'pinRefused', message: REFUSED });
    expect(refused.screen).toMatchObject({ pinChecked: false, pinTyped: false });
    expect(refused.draft?.step).toBe('pin');
  });

  it('a code still valid is kept: the code step follows with no new code and the PIN checked', () => {
    const state = { ...stateAt('pin', { otp: { ...OTP, sentToPatient: false } }), pin: '1234' };
    const kept = signingReducer(state, { type: 'codeKept' });
    expect(kept.draft).toMatchObject({ step: 'code', otp: state.draft?.otp });
    expect(kept.screen).toMatchObject({ pinChecked: true, errors: {} });
  });

  it('a refused code says what to do next, and moving on clears it', () => {
    const next = msg`Richiedi un nuovo codice`;
    const refused = signingReducer(stateAt('code'), { type: 'codeRefused', message: REFUSED, next });
    expect(refused.screen.errors).toEqual({ code: REFUSED, codeNext: next });
    expect(signingReducer(refused, { type: 'wentTo', step: 'pin' }).screen.errors).toEqual({});
    const plain = signingReducer(stateAt('code'), { type: 'codeRefused', message: REFUSED });
    expect(plain.screen.errors).toEqual({ code: REFUSED });
  });
});
