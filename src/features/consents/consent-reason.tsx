/**
 * Why a patient lands on the consent form right after logging in: the reason of the profile call's 403
 * (code 0, spec section 8), said in the user's language rather than left for the patient to guess.
 */
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { consentContextAtom, currentUserAtom } from '../../session/session-atoms';
import './consent-reason.css';

export function ConsentReason(): JSX.Element | null {
  const user = useAtomValue(currentUserAtom);
  const context = useAtomValue(consentContextAtom);
  if (user || context?.code !== 0) return null;
  return (
    <div className="consent-reason" role="note">
      <p>
        <strong>
          <Trans>È necessario firmare il consenso al dossier per accedere.</Trans>
        </strong>
      </p>
      <p>
        <Trans>
          Senza questo consenso il portale non può mostrarti il tuo dossier sanitario. Compila il modulo e
          firmalo con il PIN e il codice che riceverai via SMS; potrai revocarlo in ogni momento dalla sezione
          Consensi.
        </Trans>
      </p>
    </div>
  );
}
