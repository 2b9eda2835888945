/** The monitoring indices of one exercise (index, min, max), added and removed. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, trashOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { CodingSchema, MonitoringIndex } from '../../contract/pair';
import { PAIR_MAX_INDICES } from '../../contract/pair';
import { type FormErrors, NumberField, SelectField } from './form-fields';

export interface MonitoringIndicesFormProps {
  indices: MonitoringIndex[];
  /** The exercise's position: error paths are `exercises.{at}.monitoringIndices.{n}…`. */
  at: number;
  coding: CodingSchema | null;
  errors: FormErrors;
  onChange: (indices: MonitoringIndex[]) => void;
}

export function MonitoringIndicesForm({
  indices,
  at,
  coding,
  errors,
  onChange,
}: MonitoringIndicesFormProps): JSX.Element {
  const { t } = useLingui();
  const path = (field: string) => `exercises.${at}.monitoringIndices.${field}`;
  const setIndex = (n: number, patch: Partial<MonitoringIndex>) =>
    onChange(indices.map((item, i) => (i === n ? { ...item, ...patch } : item)));
  const number = (field: string) => ({ errors, required: true as const, path: path(field) });
  return (
    <>
      {indices.map((item, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no identity until saved; their inputs are controlled
        <div className="field-grid" key={`${at}-${n}`}>
          <SelectField
            label={t`Indice`}
            path={path(`${n}.index`)}
            errors={errors}
            required
            value={item.index}
            options={coding?.monitoringIndex ?? []}
            onChange={(value) => setIndex(n, { index: value ?? '' })}
          />
          <NumberField
            {...number(`${n}.min`)}
            step={0.1}
            label={t`Minimo`}
            value={item.min}
            onChange={(min) => setIndex(n, { min })}
          />
          <NumberField
            {...number(`${n}`)}
            step={0.1}
            label={t`Massimo`}
            value={item.max}
            onChange={(max) => setIndex(n, { max })}
          />
          <IonButton
            fill="clear"
            color="danger"
            aria-label={t`Rimuovi l'indice ${n + 1} dell'esercizio ${at + 1}`}
            onClick={() => onChange(indices.filter((_, i) => i !== n))}
          >
            <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
          </IonButton>
        </div>
      ))}
      <div className="pair-actions">
        <IonButton
          fill="outline"
          size="small"
          disabled={indices.length >= PAIR_MAX_INDICES}
          onClick={() => onChange([...indices, { index: '', min: Number.NaN, max: Number.NaN }])}
        >
          <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
          <Trans>Aggiungi indice</Trans>
        </IonButton>
      </div>
    </>
  );
}
