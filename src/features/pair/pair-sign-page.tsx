/**
 * `/pair/:patientId/sign/:pairId`: the physician signs the plan document with their own PIN and SMS code
 * (read, PIN, code, result); the signature makes the plan ACTIVE and files it in the dossier (180.051).
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import type { SigningDraft } from '../../signing/draft';
import { newDraft } from '../../signing/draft';
import type { PreparedSigning } from '../../signing/signing-wizard';
import { SigningWizard } from '../../signing/signing-wizard';
import { LoadingState } from '../../ui/state-views';
import { preparePairDocument } from './api';

export function PairSignPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const params = useParams();
  const patientId = Number(params.patientId);
  const pairId = Number(params.pairId);
  const listPath = paths.pair(patientId);
  const flowId = `pair-${pairId}`;
  const start = useCallback(
    (): SigningDraft => newDraft({ flowId, steps: ['read', 'pin', 'code', 'result'], doneTo: listPath }),
    [flowId, listPath],
  );
  const prepare = useCallback(
    async (): Promise<PreparedSigning> => ({
      documentIds: await preparePairDocument(patientId, pairId),
      doneTo: paths.pair(patientId, pairId),
    }),
    [patientId, pairId],
  );
  if (!user) return <LoadingState />;
  return (
    <SigningWizard
      userKey={String(user.id)}
      flowId={flowId}
      title={t`Firma del piano riabilitativo`}
      start={start}
      prepare={prepare}
      closeTo={listPath}
      resultMessage={t`Piano firmato: ora è attivo ed è nel dossier del paziente.`}
    />
  );
}
