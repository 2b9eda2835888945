/**
 * Who reaches the request screens: a patient for their own dossier (another id is replaced by theirs),
 * physicians and operators for the patient they opened; the server decides the rest (dossier consent).
 */
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX, ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { currentUserAtom } from '../../session/session-atoms';
import { PageLayout } from '../../ui/page-layout';
import { ErrorState, LoadingState } from '../../ui/state-views';

export function RequestAccess({
  title,
  target,
  children,
}: {
  title: string;
  target: (patientId: number) => string;
  children: (who: { patientId: number; userKey: string }) => ReactNode;
}): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const raw = useParams().patientId ?? '';
  if (!user) return <LoadingState />;
  if (user.userType === 'PAT' && user.patientId !== null) {
    if (raw !== String(user.patientId)) return <Navigate to={target(user.patientId)} replace />;
    return <>{children({ patientId: user.patientId, userKey: String(user.id) })}</>;
  }
  if ((user.userType === 'PHY' || user.userType === 'OPT') && /^[1-9]\d{0,9}$/.test(raw))
    return <>{children({ patientId: Number(raw), userKey: String(user.id) })}</>;
  return (
    <PageLayout title={title}>
      <ErrorState>
        <p>
          <Trans>Le richieste di copie sono riservate al paziente e al personale dello sportello.</Trans>
        </p>
      </ErrorState>
    </PageLayout>
  );
}
