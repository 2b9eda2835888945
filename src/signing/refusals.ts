/**
 * What a refused signature call means for the wizard, and what to tell the signer to do next beside the
 * catalogue's text ('Errore nella firma via OTP' alone says neither that the code was wrong nor how to get a
 * new one): a wrong or expired code, a wrong or locked PIN, or a ceremony that is gone.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SIGN_CDC_ERROR_MESSAGE } from '../api/error-messages';
import { errorReplyOf, failureMessage } from '../api/error-report';
import { isExternalLaunch } from '../auth/cdc-opener';

export const FAILED = msg`Operazione non riuscita: riprova.`;

export const CODE_WRONG_NEXT = msg`Il codice non corrisponde a quello inviato: controlla l'SMS e scrivilo di nuovo, oppure richiedi un nuovo codice.`;
export const CODE_NEW_NEXT = msg`Questo codice non vale più: richiedi un nuovo codice con il pulsante qui sotto.`;

export type Refusal =
  | { kind: 'pin'; message: MessageDescriptor }
  | { kind: 'context'; message: MessageDescriptor }
  | { kind: 'code'; message: MessageDescriptor; next: { next?: MessageDescriptor } };

export function refusalOf(error: unknown): Refusal {
  const reason = errorReplyOf(error)?.code;
  const message = failureMessage(error) ?? FAILED;
  switch (reason) {
    case 'PIN_WRONG':
    case 'PIN_LOCKED':
      return { kind: 'pin', message };
    case 'SIGN_CONTEXT_INVALID':
      return { kind: 'context', message };
    case 'SIGN_OTP_ERROR':
      return { kind: 'code', message, next: { next: CODE_WRONG_NEXT } };
    case 'OTP_EXPIRED':
    case 'OTP_TOO_MANY_ATTEMPTS':
      return { kind: 'code', message, next: { next: CODE_NEW_NEXT } };
    case 'SIGN_AUTHORIZED_USER_ERROR':
    case 'INTERNAL':
      // Inside a context-sharing session the catalogue has its own text for a failed signature (spec 8).
      return { kind: 'code', message: isExternalLaunch() ? SIGN_CDC_ERROR_MESSAGE : message, next: {} };
    default:
      return { kind: 'code', message, next: {} };
  }
}
