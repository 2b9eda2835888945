/**
 * Whom the sheet offers, loaded when it opens and again when the patient changes. A patient just chosen
 * (from the search or from their record) is ticked as the recipient, unless someone of their side is
 * already; a refusal (the dossier no longer opens) keeps the catalogue's words.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { errorReplyMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { MessageRecipient } from '../../contract/messages';
import { fetchRecipients } from './api';
import type { MessageDraft } from './draft';

export const isPatientSide = (person: Pick<MessageRecipient, 'userType'>): boolean =>
  person.userType === 'PAT' || person.userType === 'GUE';

export function useRecipients(
  open: boolean,
  patientId: number | null,
  update: (change: (draft: MessageDraft | null) => MessageDraft | null) => void,
): { recipients: MessageRecipient[] | null; refusal: MessageDescriptor | null } {
  const [recipients, setRecipients] = useState<MessageRecipient[] | null>(null);
  const [refusal, setRefusal] = useState<MessageDescriptor | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `update` is the draft's setter, stable in effect
  useEffect(() => {
    if (!open) return;
    let active = true;
    setRecipients(null);
    setRefusal(null);
    fetchRecipients(patientId)
      .then((reply) => {
        if (!active) return;
        setRecipients(reply.recipients);
        const patient = reply.recipients.find((person) => person.userType === 'PAT');
        if (!patient || patientId === null) return;
        const sideIds = new Set(reply.recipients.filter(isPatientSide).map((person) => person.id));
        update((draft) =>
          draft &&
          draft.patientId === patientId &&
          draft.replyToId === null &&
          !draft.recipientIds.some((id) => sideIds.has(id))
            ? { ...draft, recipientIds: [...draft.recipientIds, patient.id] }
            : draft,
        );
      })
      .catch((failure: unknown) => {
        if (!active) return;
        setRecipients([]);
        const reply = errorReplyOf(failure);
        setRefusal(reply ? errorReplyMessage(reply) : msg`Impossibile caricare i destinatari: riprova.`);
      });
    return () => {
      active = false;
    };
  }, [open, patientId]);
  return { recipients, refusal };
}
