/** The new link's form as data: its draft, the suggested passcode, the expiry choices, its checks and body. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fieldErrorMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import { SHL_DEFAULT_DAYS, SHL_LABEL_MAX, SHL_MAX_DAYS, type ShlCreateBody } from '../../contract/shl';

export const EXPIRY_DAYS = [1, SHL_DEFAULT_DAYS, 30, 90, SHL_MAX_DAYS] as const;
export type ExpiryDays = (typeof EXPIRY_DAYS)[number];

export const PASSCODE_MIN = 6;
export const PASSCODE_MAX = 40;

export interface LinkDraft {
  label: string;
  withPasscode: boolean;
  passcode: string;
  expiryDays: ExpiryDays;
  summary: boolean;
  documentIds: number[];
}

export type DraftField = 'label' | 'passcode' | 'expiresAt' | 'documentIds';
export type DraftProblems = Partial<Record<DraftField, MessageDescriptor>>;

/**
 * Six random digits (crypto.getRandomValues, each digit drawn without modulo bias): easy to read out over
 * the phone, and the link locks after 10 wrong tries in its whole life, so six digits are enough.
 */
export function suggestPasscode(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  let code = '';
  while (code.length < PASSCODE_MIN) {
    for (const byte of random(new Uint8Array(PASSCODE_MIN))) {
      // 250 = 25 × 10: bytes above it would favour the low digits.
      if (byte < 250 && code.length < PASSCODE_MIN) code += String(byte % 10);
    }
  }
  return code;
}

export function newDraft(): LinkDraft {
  return {
    label: '',
    withPasscode: true,
    passcode: suggestPasscode(),
    expiryDays: SHL_DEFAULT_DAYS,
    summary: true,
    documentIds: [],
  };
}

const dayMs = 24 * 60 * 60 * 1000;
/** The year's choice ends an hour early: the server refuses more than a year from its own clock. */
const CLOCK_MARGIN_MS = 60 * 60 * 1000;

export function expiryOf(days: ExpiryDays, now: Date): Date {
  const margin = days === SHL_MAX_DAYS ? CLOCK_MARGIN_MS : 0;
  return new Date(now.getTime() + days * dayMs - margin);
}

export function checkDraft(draft: LinkDraft): DraftProblems {
  const problems: DraftProblems = {};
  const label = draft.label.trim();
  if (!label) problems.label = fieldErrorMessage('required');
  else if (label.length > SHL_LABEL_MAX) problems.label = fieldErrorMessage('tooLong');
  if (draft.withPasscode && draft.passcode.length < PASSCODE_MIN)
    problems.passcode = msg`Il codice deve avere almeno 6 caratteri`;
  else if (draft.withPasscode && draft.passcode.length > PASSCODE_MAX)
    problems.passcode = fieldErrorMessage('tooLong');
  if (!draft.summary && draft.documentIds.length === 0)
    problems.documentIds = msg`Scegli il riepilogo o almeno un documento`;
  return problems;
}

export function bodyOf(draft: LinkDraft, patientId: number, now: Date): ShlCreateBody {
  return {
    patientId,
    label: draft.label.trim(),
    ...(draft.withPasscode ? { passcode: draft.passcode } : {}),
    expiresAt: expiryOf(draft.expiryDays, now).toISOString(),
    summary: draft.summary,
    documentIds: draft.documentIds,
  };
}

const FIELDS: readonly string[] = ['label', 'passcode', 'expiresAt', 'documentIds'] satisfies DraftField[];

/** The server's refusal shown at its fields; null when it named none (the error toast said it). */
export function problemsOfReply(failure: unknown): DraftProblems | null {
  const fields = errorReplyOf(failure)?.fields ?? [];
  const problems: DraftProblems = {};
  for (const { field, code } of fields) {
    if (FIELDS.includes(field)) problems[field as DraftField] = fieldErrorMessage(code);
  }
  return Object.keys(problems).length > 0 ? problems : null;
}
