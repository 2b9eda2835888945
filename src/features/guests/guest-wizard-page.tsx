/**
 * `/guestwizard`: one question per screen (relationship, access title, deadline, rights, documents, the
 * person), then the signature. `mode=edit` works on the guest chosen in the list: without one, back to
 * `/guests`. The draft is stored, so closing the app or the page resumes where it was.
 */

import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { AccessTitle } from '../../contract/guests';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { PageLayout } from '../../ui/page-layout';
import { LoadingState } from '../../ui/state-views';
import { useStepFocus } from '../../ui/step-focus';
import { fetchAccessTitles } from './api';
import type { GuestDraft, GuestStep } from './draft';
import { emptyDraft, guestDraftAtom, stepsOf } from './draft';
import { AccessTitleStep, DeadlineStep, RelationshipStep, RightsStep } from './step-choices';
import { DocumentsStep } from './step-documents';
import { PersonStep } from './step-person';
import { type StepErrors, validateStep } from './validation';
import './guests.css';

/** After a refused "Avanti": the first field in error gets the focus (and scrolls into view above the footer). */
function focusFirstError(): void {
  requestAnimationFrame(() => {
    const page = document.querySelector('.guest-wizard:not(.ion-page-hidden)');
    const field = page?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input');
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  });
}

const STEP_TITLE: Readonly<Record<GuestStep, MessageDescriptor>> = {
  relationship: msg`Relazione`,
  accessTitle: msg`Titolo di accesso`,
  deadline: msg`Scadenza`,
  rights: msg`Autorizzazioni`,
  documents: msg`Documenti condivisi`,
  person: msg`Dati della persona`,
};

export function GuestWizardPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const edit = new URLSearchParams(useLocation().search).get('mode') === 'edit';
  if (!user) return <LoadingState />;
  if (user.userType !== 'PAT' || user.patientId === null) return <Navigate to={paths.home()} replace />;
  return <GuestWizard userKey={String(user.id)} patientId={user.patientId} edit={edit} />;
}

function GuestWizard({
  userKey,
  patientId,
  edit,
}: {
  userKey: string;
  patientId: number;
  edit: boolean;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [stored, setDraft] = useAtom(guestDraftAtom(userKey));
  const [errors, setErrors] = useState<StepErrors>({});
  const [titles, setTitles] = useState<AccessTitle[] | null>(null);
  // Avanti / Indietro: the new step's heading takes the focus (ui/step-focus.ts).
  const stepHeading = useStepFocus(stored?.step ?? '');
  useEffect(() => {
    fetchAccessTitles()
      .then(setTitles)
      .catch(() => setTitles([]));
  }, []);
  // A new guest starts (or resumes) a 'create' draft; an edit needs the guest chosen in the list.
  useEffect(() => {
    if (!edit && stored?.mode !== 'create') setDraft(emptyDraft());
  }, [edit, stored, setDraft]);
  if (edit && (stored?.mode !== 'edit' || stored.guestId === null))
    return <Navigate to={paths.guests()} replace />;
  if (!stored || stored.mode !== (edit ? 'edit' : 'create')) return <LoadingState />;

  const draft = stored;
  const steps = stepsOf(draft);
  const index = Math.max(0, steps.indexOf(draft.step));
  const last = index === steps.length - 1;
  const update = (change: Partial<GuestDraft>): void => {
    setDraft({ ...draft, ...change });
    if (Object.keys(errors).length > 0) setErrors({});
  };
  const goTo = (step: GuestStep): void => {
    setErrors({});
    setDraft({ ...draft, step });
  };
  const next = (): void => {
    const found = validateStep(draft.step, draft);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError();
      return;
    }
    if (last) {
      // Every step again: a draft resumed from storage may hold an answer that is no longer valid.
      const broken = steps.find((step) => Object.keys(validateStep(step, draft)).length > 0);
      if (broken) {
        setDraft({ ...draft, step: broken });
        setErrors(validateStep(broken, draft));
        focusFirstError();
        return;
      }
      navigate(paths.guestWizardSign());
      return;
    }
    goTo(steps[index + 1] as GuestStep);
  };
  const stepNumber = index + 1;
  const stepCount = steps.length;
  const title = edit ? t`Modifica persona autorizzata` : t`Nuova persona autorizzata`;

  return (
    <PageLayout title={title} backTo={paths.guests()} className="guest-wizard">
      <div className="guest-wizard-body">
        <h2 className="guest-progress focus-heading" tabIndex={-1} ref={stepHeading}>
          <Trans>
            Passo {stepNumber} di {stepCount}
          </Trans>
          {' · '}
          <strong>{i18n._(STEP_TITLE[draft.step])}</strong>
        </h2>
        <progress className="guest-progress-bar" max={stepCount} value={stepNumber} aria-hidden="true" />
        {edit && (
          <p className="muted guest-hint">
            <Trans>
              Stai modificando l'autorizzazione di {draft.person.name} {draft.person.surname}.
            </Trans>
          </p>
        )}
        {draft.step === 'relationship' && (
          <RelationshipStep
            value={draft.relationship}
            error={errors.relationship}
            onChange={(relationship) => update({ relationship })}
          />
        )}
        {draft.step === 'accessTitle' && (
          <AccessTitleStep
            titles={titles}
            value={draft.accessTitle}
            error={errors.accessTitle}
            onChange={(accessTitle) => update({ accessTitle })}
          />
        )}
        {draft.step === 'deadline' && (
          <DeadlineStep
            value={draft.deadline}
            error={errors.deadline}
            onChange={(deadline) => update({ deadline })}
          />
        )}
        {draft.step === 'rights' && (
          <RightsStep value={draft.rights} onChange={(rights) => update({ rights })} />
        )}
        {draft.step === 'documents' && (
          <DocumentsStep
            patientId={patientId}
            value={draft.documentIds}
            wholeDossier={draft.rights.includes('dossier')}
            error={errors.documents}
            onChange={(documentIds, documentTitles) => update({ documentIds, documentTitles })}
          />
        )}
        {draft.step === 'person' && (
          <PersonStep value={draft.person} errors={errors} onChange={(person) => update({ person })} />
        )}
      </div>
      <div className="guest-wizard-footer">
        <IonButton fill="outline" disabled={index === 0} onClick={() => goTo(steps[index - 1] as GuestStep)}>
          <Trans>Indietro</Trans>
        </IonButton>
        <IonButton onClick={next}>{last ? <Trans>Vai alla firma</Trans> : <Trans>Avanti</Trans>}</IonButton>
      </div>
    </PageLayout>
  );
}
