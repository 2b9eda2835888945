/**
 * The reading form as data: what was typed (strings, so nothing is lost while it is wrong), the contract's
 * fields it becomes, and what is wrong with it: the shared `readingFieldErrors` rules, the date against this
 * device's clock, and the server's refusal read back onto the same fields.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import dayjs from 'dayjs';
import { fieldErrorMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { FieldErrorCode } from '../../contract/common';
import {
  READING_FUTURE_SKEW_MS,
  READING_MAX_AGE_DAYS,
  READING_RANGES,
  type Reading,
  type ReadingFields,
  type ReadingKind,
  readingFieldErrors,
} from '../../contract/results';
import { formatNumber, unitOf } from './reading-kinds';

export interface ReadingDraft {
  kind: ReadingKind;
  systolic: string;
  diastolic: string;
  value: string;
  note: string;
  /** YYYY-MM-DD and HH:mm, in this device's time zone (what the date and time inputs hold). */
  date: string;
  time: string;
}

export type DraftField = 'kind' | 'systolic' | 'diastolic' | 'value' | 'note' | 'takenAt';
export type DraftProblems = Partial<Record<DraftField, MessageDescriptor>>;
/** The form's order: the first field in error takes the focus. */
export const DRAFT_FIELDS: readonly DraftField[] = [
  'kind',
  'systolic',
  'diastolic',
  'value',
  'takenAt',
  'note',
];

export function newDraft(now: Date, kind: ReadingKind = 'blood-pressure'): ReadingDraft {
  const at = dayjs(now);
  return {
    kind,
    systolic: '',
    diastolic: '',
    value: '',
    note: '',
    date: at.format('YYYY-MM-DD'),
    time: at.format('HH:mm'),
  };
}

/** A reading to correct, as the form shows it. */
export function draftOf(reading: Reading, locale: string): ReadingDraft {
  const text = (value: number | null): string => (value === null ? '' : formatNumber(value, locale));
  const at = dayjs(reading.takenAt);
  return {
    kind: reading.kind,
    systolic: text(reading.systolic),
    diastolic: text(reading.diastolic),
    value: text(reading.value),
    note: reading.note ?? '',
    date: at.format('YYYY-MM-DD'),
    time: at.format('HH:mm'),
  };
}

/** "72,5" or "72.5"; empty is null; anything else is not a number (NaN). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

function takenAtOf(draft: ReadingDraft): string | null {
  const at = dayjs(`${draft.date}T${draft.time}`);
  return /^\d{4}-\d{2}-\d{2}$/.test(draft.date) && /^\d{2}:\d{2}$/.test(draft.time) && at.isValid()
    ? at.toDate().toISOString()
    : null;
}

/** What the server is sent: the kind's own values, the others null. */
export function fieldsOf(draft: ReadingDraft): ReadingFields {
  const measured = (raw: string): number | null => {
    const parsed = parseNumber(raw);
    return parsed === null || Number.isNaN(parsed) ? null : parsed;
  };
  const pressure = draft.kind === 'blood-pressure';
  const single = !pressure && draft.kind !== 'note';
  const note = draft.note.trim();
  return {
    kind: draft.kind,
    takenAt: takenAtOf(draft) ?? '',
    systolic: pressure ? measured(draft.systolic) : null,
    diastolic: pressure ? measured(draft.diastolic) : null,
    value: single ? measured(draft.value) : null,
    note: note === '' ? null : note,
  };
}

type Measure = 'systolic' | 'diastolic' | 'value';
const rangeOf = (kind: ReadingKind, field: Measure) =>
  field === 'value' && kind !== 'blood-pressure' && kind !== 'note'
    ? READING_RANGES[kind]
    : READING_RANGES[field === 'diastolic' ? 'diastolic' : 'systolic'];

/** The words for one field's problem, the same whether this form or the server found it. */
export function problemText(field: DraftField, code: FieldErrorCode, kind: ReadingKind): MessageDescriptor {
  if (field === 'takenAt' && code === 'outOfRange')
    return msg`La data non può essere nel futuro né più vecchia di 10 anni`;
  if (field === 'diastolic' && code === 'invalid') return msg`La minima deve essere più bassa della massima`;
  if ((field === 'systolic' || field === 'diastolic' || field === 'value') && code === 'outOfRange') {
    const { min, max } = rangeOf(kind, field);
    const unit = unitOf(kind);
    return msg`Inserisci un valore tra ${min} e ${max} ${unit}`;
  }
  return fieldErrorMessage(code);
}

const DAY_MS = 86_400_000;

/** Every problem of the draft, checked as the server will check it; empty when it may be sent. */
export function checkDraft(draft: ReadingDraft, now: Date): DraftProblems {
  const problems: DraftProblems = {};
  const typed: Record<Measure, string> = {
    systolic: draft.systolic,
    diastolic: draft.diastolic,
    value: draft.value,
  };
  const fields = fieldsOf(draft);
  for (const { field, code } of readingFieldErrors(fields)) {
    // A value that is not a number reads as missing to the shared rules: say what is wrong with it.
    const notNumber = field !== 'note' && Number.isNaN(parseNumber(typed[field]));
    problems[field] = notNumber
      ? msg`Scrivi un numero, per esempio 72,5`
      : problemText(field, code, draft.kind);
  }
  const takenAt = fields.takenAt ? Date.parse(fields.takenAt) : Number.NaN;
  if (Number.isNaN(takenAt)) problems.takenAt = fieldErrorMessage('required');
  else if (
    takenAt > now.getTime() + READING_FUTURE_SKEW_MS ||
    takenAt < now.getTime() - READING_MAX_AGE_DAYS * DAY_MS
  )
    problems.takenAt = problemText('takenAt', 'outOfRange', draft.kind);
  return problems;
}

/** The server's 400 at its fields; null when it named none of the form's (the error is said elsewhere). */
export function problemsOfReply(failure: unknown, kind: ReadingKind): DraftProblems | null {
  const problems: DraftProblems = {};
  for (const { field, code } of errorReplyOf(failure)?.fields ?? []) {
    if ((DRAFT_FIELDS as readonly string[]).includes(field))
      problems[field as DraftField] = problemText(field as DraftField, code, kind);
  }
  return Object.keys(problems).length > 0 ? problems : null;
}
