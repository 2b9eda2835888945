/**
 * What the project did to a project consent it ended, on the consent card: by whom, when, and that only
 * a new invitation lets the patient take part again (there is nothing to sign here).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { ConsentProjectAction } from '../../contract/consents';
import { useDateFormat } from '../../i18n/dates';

export function ProjectEndNote({
  action,
  isPatient,
}: {
  action: ConsentProjectAction;
  isPatient: boolean;
}): JSX.Element | null {
  const { t } = useLingui();
  const format = useDateFormat();
  const day = format.date(action.at);
  const by = action.by;
  if (action.kind === 'INVITED') return null;
  const what =
    action.kind === 'REMOVED'
      ? by
        ? t`Partecipazione terminata dal progetto: ${by}, ${day}`
        : t`Partecipazione terminata dal progetto il ${day}`
      : by
        ? t`Invito ritirato dal progetto: ${by}, ${day}`
        : t`Invito ritirato dal progetto il ${day}`;
  return (
    <>
      <p className="record-card-meta consent-ended">{what}</p>
      <p className="consent-note">
        {isPatient ? (
          <Trans>Per partecipare di nuovo serve un nuovo invito del progetto.</Trans>
        ) : (
          <Trans>
            Per una nuova partecipazione serve un nuovo invito, dalla pagina Progetti del paziente.
          </Trans>
        )}
      </p>
    </>
  );
}
