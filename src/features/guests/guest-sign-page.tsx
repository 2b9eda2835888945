/**
 * `/guestwizard/sign`: the signing wizard on the authorisation (read, PIN, SMS code, result). "Fine"
 * returns to the list with the prepared ids, which the list confirms.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { fieldErrorMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { GuestGrantFields } from '../../contract/guests';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import type { SigningDraft } from '../../signing/draft';
import { newDraft } from '../../signing/draft';
import type { PreparedSigning } from '../../signing/signing-wizard';
import { SigningWizard } from '../../signing/signing-wizard';
import { LoadingState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { prepareGuest } from './api';
import type { GuestDraft } from './draft';
import { flowIdOf, guestDraftAtom } from './draft';
import { stepOfField } from './validation';

export function GuestSignPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  if (!user) return <LoadingState />;
  if (user.userType !== 'PAT') return <Navigate to={paths.home()} replace />;
  return <GuestSigning userKey={String(user.id)} />;
}

function fieldsOf(draft: GuestDraft): GuestGrantFields | null {
  if (!draft.relationship || !draft.accessTitle) return null;
  return {
    relationship: draft.relationship,
    accessTitle: draft.accessTitle,
    deadline: draft.deadline,
    rights: draft.rights,
    documentIds: draft.documentIds,
  };
}

function GuestSigning({ userKey }: { userKey: string }): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [draft, setDraft] = useAtom(guestDraftAtom(userKey));
  const fields = draft ? fieldsOf(draft) : null;
  const flowId = draft ? flowIdOf(draft) : 'guest:none';
  const wizardPath = paths.guestWizard(draft?.mode === 'edit' ? 'edit' : undefined);

  const start = useCallback(
    (): SigningDraft =>
      newDraft({ flowId, steps: ['read', 'pin', 'code', 'result'], doneTo: paths.guests() }),
    [flowId],
  );
  const prepare = useCallback(async (): Promise<PreparedSigning> => {
    if (!draft || !fields) throw new Error('no guest draft');
    const guestId = draft.mode === 'edit' && draft.guestId !== null ? draft.guestId : undefined;
    try {
      const documentIds = await prepareGuest(
        fields,
        guestId === undefined ? { person: draft.person } : { guestId },
      );
      return { documentIds, doneTo: paths.guests({ ids: documentIds, ...(guestId ? { guestId } : {}) }) };
    } catch (error) {
      // A field the server refused: back to its step, with what was typed, and the reason.
      const reply = errorReplyOf(error);
      const field = reply?.status === 400 ? reply.fields?.[0] : undefined;
      if (field) {
        setDraft({ ...draft, step: stepOfField(field.field) });
        showToast('error', fieldErrorMessage(field.code));
        navigate(wizardPath, { replace: true });
      }
      throw error;
    }
  }, [draft, fields, setDraft, navigate, wizardPath]);

  // Nothing to sign (no draft, or already confirmed): back to the list.
  if (!draft || !fields) return <Navigate to={paths.guests()} replace />;
  return (
    <SigningWizard
      userKey={userKey}
      flowId={flowId}
      title={t`Firma dell'autorizzazione`}
      start={start}
      prepare={prepare}
      closeTo={wizardPath}
      resultMessage={
        draft.mode === 'edit'
          ? t`Autorizzazione firmata: le modifiche sono attive.`
          : t`Autorizzazione firmata: la persona riceverà le credenziali via SMS.`
      }
    />
  );
}
