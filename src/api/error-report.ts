/**
 * Failed calls become toasts: the contract's `ErrorReply` translated by its code (spec section 8),
 * a 401 starts the session-expired flow, timeouts and network failures say so.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { BeforeErrorHook, HTTPError, NormalizedOptions } from 'ky';
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import * as v from 'valibot';
import { loggedInAtom, sessionExpired } from '../auth/session';
import type { ErrorReply as ErrorReplyType } from '../contract/common';
import { ErrorReply } from '../contract/common';
import { appStore } from '../state/store';
import { showToast } from '../state/toasts';
import { errorReplyMessage, INVALID_REPLY_ERROR, NETWORK_ERROR, TIMEOUT_ERROR } from './error-messages';

const replies = new WeakMap<Error, ErrorReplyType>();

/** The server's `ErrorReply` of a failed call, when it sent one. */
export function errorReplyOf(error: unknown): ErrorReplyType | null {
  return error instanceof Error ? (replies.get(error) ?? null) : null;
}

function isQuiet(options: Pick<NormalizedOptions, 'context'> | undefined, status?: number): boolean {
  const quiet = options?.context?.quiet;
  if (quiet === true) return true;
  return Array.isArray(quiet) && status !== undefined && quiet.includes(status);
}

/** A FHIR error (the `/fhir` endpoint): the catalogue's code leads its first issue's diagnostics. */
const OperationOutcome = v.object({
  resourceType: v.literal('OperationOutcome'),
  issue: v.array(v.object({ diagnostics: v.optional(v.string()) })),
});

/** ky 2 reads the error body itself (`error.data`, parsed JSON); the response body is consumed by then. */
function readReply(error: HTTPError): ErrorReplyType | null {
  const result = v.safeParse(ErrorReply, error.data);
  if (result.success) return result.output;
  const outcome = v.safeParse(OperationOutcome, error.data);
  const code = outcome.success ? /^[A-Z][A-Z_]*/.exec(outcome.output.issue[0]?.diagnostics ?? '')?.[0] : null;
  const reply = v.safeParse(ErrorReply, { status: error.response.status, code, message: '' });
  return reply.success ? reply.output : null;
}

/** Answers only: ky calls this hook for timeouts and network failures too, `reportTransportError` has those. */
export const reportHttpError: BeforeErrorHook = async ({ error }) => {
  if (!isHTTPError(error)) return error;
  const reply = readReply(error);
  if (reply) replies.set(error, reply);
  const status = error.response.status;
  if (status === 401 || reply?.code === 'SESSION_EXPIRED') {
    if (appStore().get(loggedInAtom)) sessionExpired();
    return error;
  }
  if (isQuiet(error.options, status)) return error;
  showToast('error', reply ? errorReplyMessage(reply) : errorReplyMessage(fallbackReply(status)));
  return error;
};

function fallbackReply(status: number): ErrorReplyType {
  const code = status === 403 ? 'ACCESS_DENIED' : status === 404 ? 'NOT_FOUND' : 'INTERNAL';
  return { status, code, message: '' };
}

/** Errors that never reached an HTTP answer (timeout, network), reported by the call helpers; not while offline. */
export function reportTransportError(error: unknown, options?: Pick<NormalizedOptions, 'context'>): void {
  // Offline, the offline card already says why calls fail: a toast on top would only repeat (and cover) it.
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (isHTTPError(error) || isQuiet(options) || offline) return;
  if (isTimeoutError(error)) showToast('error', TIMEOUT_ERROR);
  else if (isNetworkError(error)) showToast('error', NETWORK_ERROR);
}

export function reportInvalidReply(): void {
  showToast('error', INVALID_REPLY_ERROR);
}

/** What a screen can say about a failed call: the catalogue text of its ErrorReply, if any. */
export function failureMessage(error: unknown): MessageDescriptor | null {
  const reply = errorReplyOf(error);
  return reply ? errorReplyMessage(reply) : null;
}
