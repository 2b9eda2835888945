import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useState } from 'react';
import { errorReplyMessage, NETWORK_ERROR } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { StepUpCodeSent } from '../../contract';
import { requestStepUpCode } from './api';

export interface StepUpCodeState {
  /** The code on its way: where to (masked) and when another may be asked for; null before the first. */
  sent: StepUpCodeSent | null;
  sending: boolean;
  /** Why the last request failed (no phone, the network…). */
  error: MessageDescriptor | null;
  send: () => Promise<void>;
  /** The code was spent (or died): the next opening asks for a new one. */
  forget: () => void;
}

const stillValid = (sent: StepUpCodeSent | null): boolean =>
  sent !== null && Date.parse(sent.expiresAt) > Date.now();

/**
 * The SMS code of the fresh second factor. A request within a minute of the last one is refused by the
 * server (OTP_RESEND_TOO_SOON) while the earlier code is still open and valid: that one is then used, and
 * the resend waits the seconds the server names.
 */
export function useStepUpCode(phone: string | null): StepUpCodeState & { needsCode: () => boolean } {
  const [sent, setSent] = useState<StepUpCodeSent | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);

  const send = useCallback(async (): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      setSent(await requestStepUpCode());
    } catch (failure) {
      const reply = errorReplyOf(failure);
      if (reply?.code === 'OTP_RESEND_TOO_SOON') {
        const wait = Number(reply.params?.seconds ?? 60) * 1000;
        const now = Date.now();
        setSent({
          sentTo: phone ?? '',
          // The open code lived at most a minute already: it is valid nine more minutes at least.
          expiresAt: new Date(now + 9 * 60_000).toISOString(),
          resendAvailableAt: new Date(now + wait).toISOString(),
        });
      } else {
        setError(reply ? errorReplyMessage(reply) : NETWORK_ERROR);
      }
    } finally {
      setSending(false);
    }
  }, [phone]);

  const forget = useCallback(() => setSent(null), []);
  const needsCode = useCallback(() => !stillValid(sent), [sent]);
  return { sent, sending, error, send, forget, needsCode };
}
