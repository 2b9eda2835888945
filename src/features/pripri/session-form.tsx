/** Staff record a session: the day and a measure for each index of the plan (empty ones are skipped). */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId, useState } from 'react';
import { errorReplyMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { PripriThreshold } from '../../contract/pair';
import type { Pripri } from '../../contract/pripri';
import { showToast } from '../../ui/toasts';
import { recordSession } from './api';

const today = (): string => new Date().toLocaleDateString('en-CA');

export function SessionForm(props: {
  patientId: number;
  thresholds: readonly PripriThreshold[];
  names: ReadonlyMap<string, string>;
  onRecorded: (pripri: Pripri) => void;
}): JSX.Element {
  const { patientId, thresholds, names, onRecorded } = props;
  const { i18n, t } = useLingui();
  const id = useId();
  const [date, setDate] = useState(today());
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const measures = thresholds
      .filter((item) => (values[item.index] ?? '').trim() !== '')
      .map((item) => ({ index: item.index, value: Number(values[item.index]) }));
    if (measures.length === 0 || measures.some((measure) => Number.isNaN(measure.value)))
      return setProblem(t`Inserisci almeno una misura valida.`);
    setBusy(true);
    setProblem(null);
    try {
      onRecorded(await recordSession(patientId, { sessionDate: date, measures }));
      setValues({});
      showToast('success', msg`Sessione registrata`);
    } catch (error) {
      const reply = errorReplyOf(error);
      setProblem(reply ? i18n._(errorReplyMessage(reply)) : t`Sessione non registrata: riprova.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="fact-section"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>
        <Trans>Registra una sessione</Trans>
      </h2>
      <div className="field-grid">
        <label className="field" htmlFor={`${id}-date`}>
          <span>
            <Trans>Data della sessione *</Trans>
          </span>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            max={today()}
            onChange={(event) => setDate(event.target.value)}
          />
        </label>
        {thresholds.map((item) => (
          <label className="field" key={item.index} htmlFor={`${id}-${item.index}`}>
            <span>{names.get(item.index) ?? item.index}</span>
            <input
              id={`${id}-${item.index}`}
              type="number"
              inputMode="decimal"
              step="0.1"
              value={values[item.index] ?? ''}
              onChange={(event) => setValues({ ...values, [item.index]: event.target.value })}
            />
          </label>
        ))}
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <IonButton type="submit" disabled={busy}>
        <Trans>Registra la sessione</Trans>
      </IonButton>
    </form>
  );
}
