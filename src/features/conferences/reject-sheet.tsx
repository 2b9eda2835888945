/**
 * The patient rejects a conference request with a reason (mandatory: 'Il motivo del rifiuto è
 * obbligatorio'), which the physician reads. The reason typed stays if the rejection fails.
 */
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { CONFERENCE_REASON_MAX, type Conference } from '../../contract/conferences';
import { ReasonSheet } from '../../ui/reason-sheet';

export function RejectSheet({
  conference,
  onClose,
  onReject,
}: {
  conference: Conference | null;
  onClose: () => void;
  onReject: (conference: Conference, reason: string) => Promise<void>;
}): JSX.Element {
  return (
    <ReasonSheet
      open={conference !== null}
      title={<Trans>Rifiuta la videoconferenza</Trans>}
      intro={
        conference && (
          <p>
            <Trans>
              Scrivi al medico perché non puoi partecipare alla videoconferenza richiesta da{' '}
              {conference.requester.displayName}.
            </Trans>
          </p>
        )
      }
      maxLength={CONFERENCE_REASON_MAX}
      field="message"
      failed={msg`Impossibile rifiutare la videoconferenza. Riprova.`}
      resetKey={conference?.id ?? 0}
      actionsClassName="conference-actions"
      onClose={onClose}
      onRefuse={async (reason) => {
        if (conference) await onReject(conference, reason);
      }}
    />
  );
}
