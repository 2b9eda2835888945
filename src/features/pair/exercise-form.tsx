/** One exercise of the plan form: every field of spec 3, monitoring indices added and removed. */
import { IonButton, IonIcon } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { trashOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { CodingSchema, Exercise } from '../../contract/pair';
import { PAIR_NAME_MAX, PAIR_TEXT_MAX } from '../../contract/pair';
import { IonCheckbox } from '../../ui/ionic/checkbox';
import { type FormErrors, NumberField, SelectField, TextField } from './form-fields';
import { FIELD_TEXT } from './labels';
import { MonitoringIndicesForm } from './monitoring-indices-form';

export interface ExerciseFormProps {
  exercise: Exercise;
  at: number;
  coding: CodingSchema | null;
  errors: FormErrors;
  onChange: (exercise: Exercise) => void;
  onRemove: () => void;
}

export function ExerciseForm({
  exercise,
  at,
  coding,
  errors,
  onChange,
  onRemove,
}: ExerciseFormProps): JSX.Element {
  const { i18n, t } = useLingui();
  const path = (field: string) => `exercises.${at}.${field}`;
  const label = (field: keyof Exercise) => i18n._(FIELD_TEXT[field]);
  const set = (patch: Partial<Exercise>) => onChange({ ...exercise, ...patch });
  const code = (value: string | null) => value ?? '';
  const options = (vocabulary: keyof CodingSchema) => coding?.[vocabulary] ?? [];
  const toggleSupport = (support: string, on: boolean) =>
    set({
      supports: on ? [...exercise.supports, support] : exercise.supports.filter((each) => each !== support),
    });
  const number = (prefix: string) => ({ errors, required: true as const, path: path(prefix) });
  return (
    <fieldset>
      <legend>{t`Esercizio ${at + 1}`}</legend>
      <div className="field-grid">
        <TextField
          label={label('name')}
          path={path('name')}
          errors={errors}
          required
          value={exercise.name}
          maxLength={PAIR_NAME_MAX}
          onChange={(name) => set({ name })}
        />
        <TextField
          label={label('purpose')}
          path={path('purpose')}
          errors={errors}
          value={exercise.purpose}
          maxLength={PAIR_TEXT_MAX}
          onChange={(purpose) => set({ purpose })}
        />
      </div>
      <label className="field">
        <span>{label('description')}</span>
        <textarea
          value={exercise.description}
          maxLength={PAIR_TEXT_MAX}
          onChange={(event) => set({ description: event.target.value })}
        />
      </label>
      <div className="field-grid">
        <SelectField
          label={label('category')}
          path={path('category')}
          errors={errors}
          required
          value={exercise.category}
          options={options('category')}
          onChange={(value) => set({ category: code(value) })}
        />
        <SelectField
          label={label('level')}
          path={path('level')}
          errors={errors}
          required
          value={exercise.level}
          options={options('level')}
          onChange={(value) => set({ level: code(value) })}
        />
        <SelectField
          label={label('location')}
          path={path('location')}
          errors={errors}
          required
          value={exercise.location}
          options={options('location')}
          onChange={(value) => set({ location: code(value) })}
        />
        <TextField
          type="date"
          label={label('startDate')}
          path={path('startDate')}
          errors={errors}
          required
          value={exercise.startDate}
          onChange={(startDate) => set({ startDate })}
        />
        <TextField
          type="date"
          label={label('endDate')}
          path={path('endDate')}
          errors={errors}
          required
          value={exercise.endDate}
          onChange={(endDate) => set({ endDate })}
        />
      </div>
      <div className="field-grid">
        <NumberField
          {...number('frequency.value')}
          label={t`Frequenza (volte)`}
          value={exercise.frequency.value}
          onChange={(value) => set({ frequency: { ...exercise.frequency, value } })}
        />
        <SelectField
          label={t`Frequenza (unità)`}
          path={path('frequency.unit')}
          errors={errors}
          required
          value={exercise.frequency.unit}
          options={options('frequencyUnit')}
          onChange={(unit) => set({ frequency: { ...exercise.frequency, unit: code(unit) } })}
        />
        <TextField
          label={t`Frequenza (descrizione)`}
          path={path('frequency.description')}
          errors={errors}
          value={exercise.frequency.description}
          onChange={(description) => set({ frequency: { ...exercise.frequency, description } })}
        />
        <NumberField
          {...number('seriesNumber')}
          label={label('seriesNumber')}
          value={exercise.seriesNumber}
          onChange={(seriesNumber) => set({ seriesNumber })}
        />
        <NumberField
          {...number('repetitionsNumber')}
          label={label('repetitionsNumber')}
          value={exercise.repetitionsNumber}
          onChange={(repetitionsNumber) => set({ repetitionsNumber })}
        />
      </div>
      <div className="field-grid">
        <NumberField
          {...number('seriesInterval.value')}
          label={label('seriesInterval')}
          value={exercise.seriesInterval.value}
          onChange={(value) => set({ seriesInterval: { ...exercise.seriesInterval, value } })}
        />
        <SelectField
          label={t`Unità della pausa`}
          path={path('seriesInterval.unit')}
          errors={errors}
          required
          value={exercise.seriesInterval.unit}
          options={options('intervalUnit')}
          onChange={(unit) => set({ seriesInterval: { ...exercise.seriesInterval, unit: code(unit) } })}
        />
        <NumberField
          {...number('sessionInterval.value')}
          label={label('sessionInterval')}
          value={exercise.sessionInterval.value}
          onChange={(value) => set({ sessionInterval: { ...exercise.sessionInterval, value } })}
        />
        <SelectField
          label={t`Unità dell'intervallo`}
          path={path('sessionInterval.unit')}
          errors={errors}
          required
          value={exercise.sessionInterval.unit}
          options={options('intervalUnit')}
          onChange={(unit) => set({ sessionInterval: { ...exercise.sessionInterval, unit: code(unit) } })}
        />
        <NumberField
          {...number('length.value')}
          label={label('length')}
          value={exercise.length.value}
          onChange={(value) => set({ length: { ...exercise.length, value } })}
        />
        <SelectField
          label={t`Unità della durata`}
          path={path('length.unit')}
          errors={errors}
          required
          value={exercise.length.unit}
          options={options('lengthUnit')}
          onChange={(unit) => set({ length: { ...exercise.length, unit: code(unit) } })}
        />
      </div>
      <div className="field-grid">
        <SelectField
          label={label('laterality')}
          path={path('laterality')}
          errors={errors}
          required
          value={exercise.laterality}
          options={options('laterality')}
          onChange={(value) => set({ laterality: code(value) })}
        />
        <SelectField
          label={label('assistance')}
          path={path('assistance')}
          errors={errors}
          required
          value={exercise.assistance}
          options={options('assistance')}
          onChange={(value) => set({ assistance: code(value) })}
        />
        <SelectField
          label={label('device')}
          path={path('device')}
          errors={errors}
          value={exercise.device}
          options={options('device')}
          emptyLabel={t`Nessuno`}
          onChange={(device) => set({ device })}
        />
      </div>
      <fieldset className="pair-supports">
        <legend>{label('supports')}</legend>
        <div className="pair-checks">
          {options('support').map((support) => (
            <IonCheckbox
              key={support.code}
              labelPlacement="end"
              justify="start"
              checked={exercise.supports.includes(support.code)}
              onIonChange={(event) => toggleSupport(support.code, event.detail.checked)}
            >
              {support.display}
            </IonCheckbox>
          ))}
        </div>
      </fieldset>
      <h3>{label('monitoringIndices')}</h3>
      <MonitoringIndicesForm
        indices={exercise.monitoringIndices}
        at={at}
        coding={coding}
        errors={errors}
        onChange={(monitoringIndices) => set({ monitoringIndices })}
      />
      <div className="pair-actions">
        <IonButton fill="clear" color="danger" onClick={onRemove}>
          <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
          {t`Rimuovi l'esercizio ${at + 1}`}
        </IonButton>
      </div>
    </fieldset>
  );
}
