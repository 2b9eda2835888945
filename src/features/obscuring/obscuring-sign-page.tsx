/**
 * `/DocumentObscurement/:patientId/sign`: the signing wizard on the request the patient chose (read,
 * PIN, SMS code, result). "Fine" returns to the list with the prepared ids, which the list confirms.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import type { SigningDraft } from '../../signing/draft';
import { newDraft } from '../../signing/draft';
import type { PreparedSigning } from '../../signing/signing-wizard';
import { SigningWizard } from '../../signing/signing-wizard';
import { LoadingState } from '../../ui/state-views';
import { prepareObscure } from './api';
import { changesOf, flowIdOf, obscuringChoiceAtom } from './selection';

export function ObscuringSignPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  if (!user) return <LoadingState />;
  if (user.patientId === null) return <Navigate to={paths.home()} replace />;
  return <ObscuringWizard patientId={user.patientId} userKey={String(user.id)} />;
}

function ObscuringWizard({ patientId, userKey }: { patientId: number; userKey: string }): JSX.Element {
  const { t } = useLingui();
  const choice = useAtomValue(obscuringChoiceAtom(userKey));
  const changes = useMemo(
    () => (choice?.patientId === patientId ? changesOf(choice) : []),
    [choice, patientId],
  );
  const flowId = flowIdOf(patientId, changes);
  const listPath = paths.documentObscurement(patientId);

  const start = useCallback(
    (): SigningDraft => newDraft({ flowId, steps: ['read', 'pin', 'code', 'result'], doneTo: listPath }),
    [flowId, listPath],
  );
  const prepare = useCallback(async (): Promise<PreparedSigning> => {
    const documentIds = await prepareObscure(patientId, changes);
    return { documentIds, doneTo: paths.documentObscurement(patientId, documentIds) };
  }, [patientId, changes]);

  // Nothing chosen (or already signed): back to the list.
  if (changes.length === 0) return <Navigate to={listPath} replace />;
  const count = changes.length;
  return (
    <SigningWizard
      userKey={userKey}
      flowId={flowId}
      title={t`Firma dell'oscuramento`}
      start={start}
      prepare={prepare}
      closeTo={listPath}
      resultMessage={
        count === 1
          ? t`Richiesta firmata: la visibilità del documento è aggiornata.`
          : t`Richiesta firmata: la visibilità di ${count} documenti è aggiornata.`
      }
    />
  );
}
