/**
 * `/pair/:patientId/new` and `/pair/:patientId/edit/:pairId`: the physician writes a DRAFT (plan, exercises
 * added and removed, PRIpri thresholds) with the decision support's hints beside it. Errors are shown
 * at their fields and nothing typed is lost; saving returns to the plans, where the draft is signed.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorReplyMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { FieldErrorCode } from '../../contract';
import type { PairInput } from '../../contract/pair';
import { PAIR_MAX_EXERCISES, PAIR_NAME_MAX } from '../../contract/pair';
import { paths } from '../../routing/paths';
import { PageLayout } from '../../ui/page-layout';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { createPair, fetchPair, updatePair } from './api';
import { useCoding } from './coding';
import { ExerciseForm } from './exercise-form';
import { TextField } from './form-fields';
import { HintsPanel } from './hints-panel';
import { draftErrors, newExercise, newPlan } from './plan-draft';
import { ThresholdsForm } from './thresholds-form';
import './pair.css';

export function PairEditorPage(): JSX.Element {
  const { t } = useLingui();
  const params = useParams();
  const patientId = Number(params.patientId);
  const pairId = params.pairId ? Number(params.pairId) : null;
  const [plan, setPlan] = useState<PairInput | null | 'failed'>(pairId === null ? newPlan() : null);
  useEffect(() => {
    if (pairId === null) return;
    fetchPair(pairId).then(
      ({ name, planningValidityStartDate, planningValidityStopDate, exercises, thresholds }) =>
        setPlan({ name, planningValidityStartDate, planningValidityStopDate, exercises, thresholds }),
      () => setPlan('failed'),
    );
  }, [pairId]);
  return (
    <PageLayout
      title={pairId === null ? t`Nuovo piano riabilitativo` : t`Modifica del piano riabilitativo`}
      backTo={paths.pair(patientId)}
    >
      {plan === null && <LoadingState />}
      {plan === 'failed' && <ErrorState />}
      {plan !== null && plan !== 'failed' && (
        <PlanForm patientId={patientId} pairId={pairId} plan={plan} onChange={setPlan} />
      )}
    </PageLayout>
  );
}

function PlanForm(props: {
  patientId: number;
  pairId: number | null;
  plan: PairInput;
  onChange: (plan: PairInput) => void;
}): JSX.Element {
  const { patientId, pairId, plan, onChange } = props;
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const coding = useCoding();
  const [errors, setErrors] = useState<Map<string, FieldErrorCode>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<PairInput>) => onChange({ ...plan, ...patch });
  const save = async () => {
    const found = draftErrors(plan);
    if (plan.exercises.length === 0) found.set('exercises', 'required');
    setErrors(found);
    if (found.size > 0) return setProblem(t`Correggi i campi segnalati.`);
    setBusy(true);
    setProblem(null);
    try {
      if (pairId === null) await createPair(patientId, plan);
      else await updatePair(pairId, { action: 'edit', plan });
      showToast('success', msg`Bozza salvata`);
      navigate(paths.pair(patientId));
    } catch (error) {
      const reply = errorReplyOf(error);
      setErrors(new Map((reply?.fields ?? []).map((field) => [field.field, field.code])));
      const title =
        pairId === null
          ? t`Errore durante la creazione del piano riabilitativo`
          : t`Errore durante la modifica del piano riabilitativo`;
      setProblem(reply ? `${title}: ${i18n._(errorReplyMessage(reply))}` : title);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="pair-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <HintsPanel patientId={patientId} plan={plan} />
      <fieldset>
        <legend>
          <Trans>Piano</Trans>
        </legend>
        <div className="field-grid">
          <TextField
            label={t`Nome del piano`}
            path="name"
            errors={errors}
            required
            value={plan.name}
            maxLength={PAIR_NAME_MAX}
            onChange={(name) => set({ name })}
          />
          <TextField
            type="date"
            label={t`Valido dal`}
            path="planningValidityStartDate"
            errors={errors}
            required
            value={plan.planningValidityStartDate}
            onChange={(value) => set({ planningValidityStartDate: value })}
          />
          <TextField
            type="date"
            label={t`Valido fino al`}
            path="planningValidityStopDate"
            errors={errors}
            required
            value={plan.planningValidityStopDate}
            onChange={(value) => set({ planningValidityStopDate: value })}
          />
        </div>
      </fieldset>
      {plan.exercises.map((exercise, at) => (
        <ExerciseForm
          // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no identity until saved; their inputs are controlled
          key={`exercise-${at}`}
          exercise={exercise}
          at={at}
          coding={coding}
          errors={errors}
          onChange={(changed) =>
            set({ exercises: plan.exercises.map((each, i) => (i === at ? changed : each)) })
          }
          onRemove={() => set({ exercises: plan.exercises.filter((_, i) => i !== at) })}
        />
      ))}
      {errors.get('exercises') && plan.exercises.length === 0 && (
        <p className="field-error" role="alert">
          <Trans>Aggiungi almeno un esercizio.</Trans>
        </p>
      )}
      <div className="pair-actions">
        <IonButton
          fill="outline"
          disabled={plan.exercises.length >= PAIR_MAX_EXERCISES}
          onClick={() => set({ exercises: [...plan.exercises, newExercise(plan)] })}
        >
          <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
          <Trans>Aggiungi esercizio</Trans>
        </IonButton>
      </div>
      <ThresholdsForm
        thresholds={plan.thresholds}
        coding={coding}
        errors={errors}
        onChange={(thresholds) => set({ thresholds })}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="pair-actions">
        <IonButton type="submit" disabled={busy}>
          <Trans>Salva la bozza</Trans>
        </IonButton>
      </div>
    </form>
  );
}
