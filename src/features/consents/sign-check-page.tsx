/**
 * `/sign-check` after a signed revocation: asks the server what the ceremony revoked. If it revoked the
 * dossier consent and the user is neither operator nor physician, the user is logged out (spec section 2:
 * without the dossier consent a patient cannot use the portal). Otherwise back to the consent list.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { failureMessage } from '../../api/error-report';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { logout } from '../../session/sign-out';
import { PageLayout } from '../../ui/page-layout';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { checkRevoke } from './api';

export function SignCheckPage(): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  const user = useAtomValue(currentUserAtom);
  const [state, setState] = useState<'checking' | 'leaving' | { failed: unknown }>('checking');
  const [attempt, setAttempt] = useState(0);
  const query = new URLSearchParams(search);
  const sessionId = query.get('signatureSessionId');
  const tempDocumentId = Number(query.get('tempDocumentId')) || undefined;
  const patientId = Number(query.get('patientId')) || user?.patientId || null;
  const staff = user?.userType === 'OPT' || user?.userType === 'PHY';

  useEffect(() => {
    void attempt;
    if (!sessionId) return;
    let active = true;
    setState('checking');
    checkRevoke(sessionId, tempDocumentId)
      .then((result) => {
        if (!active) return;
        if (result.dossierRevoked && !staff) {
          setState('leaving');
          showToast('warning', msg`Hai revocato il consenso al dossier: la sessione viene chiusa.`);
          void logout();
          return;
        }
        if (result.revoked) showToast('success', msg`Consenso revocato`);
        navigate(patientId ? paths.consents(patientId) : paths.home(), { replace: true });
      })
      .catch((error: unknown) => active && setState({ failed: error }));
    return () => {
      active = false;
    };
  }, [sessionId, tempDocumentId, staff, patientId, navigate, attempt]);

  return (
    <PageLayout title={t`Verifica della firma`} withMenu={false}>
      {!sessionId && (
        <ErrorState>
          <p>{t`Parametri mancanti: impossibile verificare la firma.`}</p>
        </ErrorState>
      )}
      {sessionId && state === 'checking' && <LoadingState label={t`Verifica della firma…`} />}
      {state === 'leaving' && <LoadingState label={t`Uscita in corso…`} />}
      {typeof state === 'object' && (
        <ErrorState reason={failureMessage(state.failed)} onRetry={() => setAttempt((n) => n + 1)} />
      )}
    </PageLayout>
  );
}
