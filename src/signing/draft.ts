/**
 * The signing wizard's draft: which step, which documents, who signs, the model answers. Kept in local
 * storage per user so that leaving the page, a reload or a new login after a session expiry (logout keeps
 * drafts then, not at an explicit logout) resumes at the same step. The PIN
 * and the SMS code are never stored: they live in memory only (`signingSecretsAtom`) and are retyped.
 */
import { atom } from 'jotai';
import * as v from 'valibot';
import type { PersistentAtom } from '../state/storage';
import { DRAFT_KEY_PREFIX, userScopedAtoms } from '../state/storage';
import { appStore } from '../state/store';

export const SigningStep = v.picklist(['form', 'signer', 'read', 'pin', 'code', 'result']);
export type SigningStep = v.InferOutput<typeof SigningStep>;

export const SignerPerson = v.object({
  name: v.string(),
  surname: v.string(),
  fiscalCode: v.string(),
  birthDate: v.string(),
  relationship: v.string(),
});
export type SignerPerson = v.InferOutput<typeof SignerPerson>;

export const SignerDraft = v.object({
  type: v.picklist(['self', 'other']),
  other: SignerPerson,
  hasSecond: v.boolean(),
  second: SignerPerson,
});
export type SignerDraft = v.InferOutput<typeof SignerDraft>;

export const EMPTY_PERSON: SignerPerson = {
  name: '',
  surname: '',
  fiscalCode: '',
  birthDate: '',
  relationship: '',
};
export const SELF_SIGNER: SignerDraft = {
  type: 'self',
  other: EMPTY_PERSON,
  hasSecond: false,
  second: EMPTY_PERSON,
};

export const SigningDraft = v.object({
  /** What is being signed, e.g. `consent:CONS_DOSSIER:give:1003`: a different flow starts a new draft. */
  flowId: v.string(),
  steps: v.array(SigningStep),
  step: SigningStep,
  /** Temp documents to sign; empty until prepared. */
  documentIds: v.array(v.number()),
  /** The ceremony id, when the caller's prepare call returned one. */
  sessionId: v.nullable(v.string()),
  signer: SignerDraft,
  answers: v.record(v.string(), v.unknown()),
  /** The reader scrolled to the end or ticked "Ho letto". */
  read: v.boolean(),
  /** The SMS of this ceremony: where it went and when a new one may be asked. */
  otp: v.nullable(
    v.object({
      sentTo: v.string(),
      expiresAt: v.string(),
      resendAvailableAt: v.string(),
      /** The code went to the patient's phone (staff collecting a consent); absent in older drafts. */
      sentToPatient: v.optional(v.boolean()),
    }),
  ),
  signedDocumentIds: v.array(v.number()),
  /** Where "Fine" goes (the caller's result action, a path of the portal). */
  doneTo: v.string(),
  /** The wizard's own path, so a login after a session expiry comes straight back to it. */
  resumeTo: v.optional(v.string()),
  updatedAt: v.number(),
});
export type SigningDraft = v.InferOutput<typeof SigningDraft>;

/** Drafts older than the server's ceremony lifetime (1 hour) are of no use: their documents are gone. */
export const DRAFT_TTL_MS = 60 * 60 * 1000;

/** The draft atom of one user (`userKey`: the user id, or the patient of a pending dossier consent). */
export const signingDraftAtom: (userKey: string) => PersistentAtom<SigningDraft | null> = userScopedAtoms(
  `${DRAFT_KEY_PREFIX}signing:`,
  SigningDraft,
);

export function newDraft(input: {
  flowId: string;
  steps: readonly SigningStep[];
  doneTo: string;
  documentIds?: readonly number[];
  answers?: Record<string, unknown>;
  signer?: SignerDraft;
  now?: number;
}): SigningDraft {
  const [first = 'read'] = input.steps;
  return {
    flowId: input.flowId,
    steps: [...input.steps],
    step: first,
    documentIds: [...(input.documentIds ?? [])],
    sessionId: null,
    signer: input.signer ?? SELF_SIGNER,
    answers: input.answers ?? {},
    read: false,
    otp: null,
    signedDocumentIds: [],
    doneTo: input.doneTo,
    updatedAt: input.now ?? Date.now(),
  };
}

/** Whose draft: the user, or before the profile loads (403 code 0 or 2) the patient whose consent it is. */
export function signingUserKey(user: { id: number } | null, patientId: number | null): string {
  return user ? String(user.id) : `patient-${patientId ?? 'unknown'}`;
}

/**
 * After a login: drafts of other users on this device (left by a session that expired) are deleted, so
 * one person's answers never wait on the device for the next person.
 */
export function dropDraftsExcept(userKey: string): void {
  const mine = `${DRAFT_KEY_PREFIX}signing:${userKey}`;
  for (const key of Object.keys(localStorage))
    if (key.startsWith(`${DRAFT_KEY_PREFIX}signing:`) && key !== mine) localStorage.removeItem(key);
}

/**
 * The wizard to return to after a login: an unfinished signature of this user (not yet at its result),
 * within the ceremony lifetime. A session that expires mid-wizard thus resumes at the same step.
 */
export function pendingSigningPath(userKey: string, now = Date.now()): string | null {
  const draft = appStore().get(signingDraftAtom(userKey));
  if (!draft?.resumeTo || draft.step === 'result' || now - draft.updatedAt >= DRAFT_TTL_MS) return null;
  return draft.resumeTo;
}

/** A stored draft still usable for this flow (same flow, not older than the ceremony lifetime). */
export function isResumable(
  draft: SigningDraft | null,
  flowId: string,
  now = Date.now(),
): draft is SigningDraft {
  return draft !== null && draft.flowId === flowId && now - draft.updatedAt < DRAFT_TTL_MS;
}

export function nextStep(draft: SigningDraft): SigningStep {
  const index = draft.steps.indexOf(draft.step);
  return draft.steps[Math.min(index + 1, draft.steps.length - 1)] ?? draft.step;
}

export function previousStep(draft: SigningDraft): SigningStep | null {
  const index = draft.steps.indexOf(draft.step);
  return index > 0 ? (draft.steps[index - 1] ?? null) : null;
}

/** Secrets of the ceremony in progress, in memory only (never in storage). */
export interface SigningSecrets {
  pin: string;
}
export const signingSecretsAtom = atom<SigningSecrets>({ pin: '' });
