/**
 * The patient refuses a survey with a reason (mandatory: 'Il motivo del rifiuto è obbligatorio'), which
 * the staff read beside the card. The reason typed stays if the refusal fails.
 */
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { SURVEY_REASON_MAX } from '../../../contract/surveys';
import { ReasonSheet } from '../../../ui/reason-sheet';

export function RefuseSheet({
  open,
  title,
  onClose,
  onRefuse,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onRefuse: (reason: string) => Promise<void>;
}): JSX.Element {
  return (
    <ReasonSheet
      open={open}
      title={<Trans>Rifiuta il questionario</Trans>}
      intro={
        <p>
          <Trans>
            Scrivi perché non vuoi compilare il questionario «{title}». Chi te l'ha inviato leggerà il motivo.
          </Trans>
        </p>
      }
      maxLength={SURVEY_REASON_MAX}
      field="reason"
      failed={msg`Errore nel rifiuto del questionario. Riprova.`}
      actionsClassName="survey-actions"
      onClose={onClose}
      onRefuse={onRefuse}
    />
  );
}
