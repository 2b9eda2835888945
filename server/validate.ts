import type { BaseIssue } from 'valibot';
import type { FieldError, FieldErrorCode } from '../src/contract';
import { HttpError } from './http-error';

const knownCodes = new Set<string>([
  'required',
  'invalid',
  'tooLong',
  'tooShort',
  'outOfRange',
  'invalidPeriod',
  'invalidEmail',
]);

function codeOf(issue: BaseIssue<unknown>): FieldErrorCode {
  if (knownCodes.has(issue.message)) return issue.message as FieldErrorCode;
  if (issue.input === undefined || issue.input === '') return 'required';
  switch (issue.type) {
    case 'max_length':
      return 'tooLong';
    case 'min_length':
      return 'tooShort';
    case 'min_value':
    case 'max_value':
      return 'outOfRange';
    default:
      return 'invalid';
  }
}

/** Field names and codes only: a 400 never echoes what was sent (a PIN, a fiscal code). */
export function fieldErrors(issues: readonly BaseIssue<unknown>[]): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path?.map((item) => String(item.key)).join('.') || '(root)',
    code: codeOf(issue),
  }));
}

/** Contract validation as middleware; a failure answers 400 with the fields in error. */
/** Hook for vValidator: a failure answers 400 with the fields in error (never the values). */
export function onInvalid(result: { success: boolean; issues?: readonly BaseIssue<unknown>[] }): undefined {
  if (!result.success) throw new HttpError(400, 'BAD_REQUEST', fieldErrors(result.issues ?? []));
  return undefined;
}
