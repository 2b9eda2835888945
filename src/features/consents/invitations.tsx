/** The patient's pending project invitations, above the consents: accept by signing, or refuse. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import type { Consent } from '../../contract/consents';
import { confirm } from '../../ui/confirm-dialog';
import { showToast } from '../../ui/toasts';
import { refuseProjectInvitation } from './api';
import { InvitationCard, isProjectInvitation } from './invitation-card';

export function Invitations({
  consents,
  patientId,
  onAccept,
  onChanged,
}: {
  consents: readonly Consent[];
  patientId: number;
  onAccept: (consent: Consent) => void;
  onChanged: () => Promise<void>;
}): JSX.Element | null {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const invitations = consents.filter(isProjectInvitation);
  if (invitations.length === 0) return null;

  const refuse = async (consent: Consent & { projectId: number }): Promise<void> => {
    const name = consent.project?.name ?? consent.desc;
    const yes = await confirm({
      header: msg`Rifiutare l'invito?`,
      message: msg`Non parteciperai al progetto "${name}". Se cambi idea, potrai chiedere al tuo medico di invitarti di nuovo.`,
      confirmLabel: msg`Rifiuta l'invito`,
      destructive: true,
    });
    if (!yes) return;
    setBusy(consent.id);
    try {
      await refuseProjectInvitation(consent.projectId, patientId);
      showToast('info', msg`Hai rifiutato l'invito al progetto ${name}`);
    } catch {
      // The toast of the failed call says why; the list below shows where things stand.
    } finally {
      setBusy(null);
      await onChanged();
    }
  };

  return (
    <section className="consent-group" aria-label={t`Inviti ai progetti`}>
      <h2>{t`Inviti ai progetti`}</h2>
      {invitations.map((consent) => (
        <InvitationCard
          key={consent.id}
          consent={consent}
          busy={busy === consent.id}
          onAccept={onAccept}
          onRefuse={(item) => void refuse({ ...item, projectId: consent.projectId })}
        />
      ))}
    </section>
  );
}
