/** PRIpri thresholds of the plan: outcome indices only (higher is better), green from, red below. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, trashOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { CodingSchema, PripriThreshold } from '../../contract/pair';
import { PAIR_MAX_INDICES } from '../../contract/pair';
import { type FormErrors, NumberField, SelectField } from './form-fields';

export function ThresholdsForm({
  thresholds,
  coding,
  errors,
  onChange,
}: {
  thresholds: readonly PripriThreshold[];
  coding: CodingSchema | null;
  errors: FormErrors;
  onChange: (thresholds: PripriThreshold[]) => void;
}): JSX.Element {
  const { t } = useLingui();
  const outcomes = (coding?.monitoringIndex ?? []).filter((item) => item.outcome);
  const set = (n: number, patch: Partial<PripriThreshold>) =>
    onChange(thresholds.map((item, i) => (i === n ? { ...item, ...patch } : item)));
  return (
    <fieldset>
      <legend>
        <Trans>Monitoraggio PRIpri</Trans>
      </legend>
      <p className="muted">
        <Trans>
          Una misura dalla soglia verde in su è verde; sotto la soglia rossa è rossa; in mezzo è gialla.
        </Trans>
      </p>
      {thresholds.map((item, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no identity until saved; their inputs are controlled
        <div className="field-grid" key={`threshold-${n}`}>
          <SelectField
            label={t`Indice`}
            path={`thresholds.${n}.index`}
            errors={errors}
            required
            value={item.index}
            options={outcomes}
            onChange={(index) => set(n, { index: index ?? '' })}
          />
          <NumberField
            label={t`Soglia verde`}
            path={`thresholds.${n}.green`}
            errors={errors}
            required
            step={0.1}
            value={item.green}
            onChange={(green) => set(n, { green })}
          />
          <NumberField
            label={t`Soglia rossa`}
            path={`thresholds.${n}`}
            errors={errors}
            required
            step={0.1}
            value={item.red}
            onChange={(red) => set(n, { red })}
          />
          <IonButton
            fill="clear"
            color="danger"
            aria-label={t`Rimuovi la soglia ${n + 1}`}
            onClick={() => onChange(thresholds.filter((_, i) => i !== n))}
          >
            <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
          </IonButton>
        </div>
      ))}
      <IonButton
        fill="outline"
        size="small"
        disabled={thresholds.length >= PAIR_MAX_INDICES}
        onClick={() => onChange([...thresholds, { index: '', green: Number.NaN, red: Number.NaN }])}
      >
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        <Trans>Aggiungi soglia</Trans>
      </IonButton>
    </fieldset>
  );
}
