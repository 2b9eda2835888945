import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorReplyMessage, NETWORK_ERROR } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';

/** What a failed passkey action shows: the device's refusal (cancelled, timed out) or the server's reply. */
export function passkeyErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return msg`Operazione annullata o non riuscita sul dispositivo: riprova`;
  const reply = errorReplyOf(error);
  return reply ? errorReplyMessage(reply) : NETWORK_ERROR;
}
