/** One question of the template editor: type, text, required, options, scale ends or unit, condition. */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, closeOutline, trashOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useId } from 'react';
import { ConditionEditor } from './condition-editor';
import { type EditorQuestion, isChoice, newOption, type QuestionKind } from './editor-model';
import '../../../ui/record-card.css';

export function QuestionEditor({
  index,
  question,
  earlier,
  problem,
  onChange,
  onRemove,
}: {
  index: number;
  question: EditorQuestion;
  earlier: readonly EditorQuestion[];
  problem: MessageDescriptor | null;
  onChange: (question: EditorQuestion) => void;
  onRemove: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const id = useId();
  const number = index + 1;
  const set = (change: Partial<EditorQuestion>): void => onChange({ ...question, ...change });
  const kinds: { value: QuestionKind; label: string }[] = [
    { value: 'single', label: t`Scelta singola` },
    { value: 'multiple', label: t`Scelta multipla` },
    { value: 'scale', label: t`Scala` },
    { value: 'number', label: t`Numero con unità` },
    { value: 'date', label: t`Data` },
    { value: 'text', label: t`Testo libero` },
  ];
  return (
    <fieldset
      className="record-card survey-question-editor"
      aria-describedby={problem ? `${id}-error` : undefined}
    >
      <legend>
        <Trans>Domanda {number}</Trans>
      </legend>
      <div className="field-grid">
        <label className="field" htmlFor={`${id}-text`}>
          <span>
            <Trans>Testo della domanda *</Trans>
          </span>
          <input
            id={`${id}-text`}
            value={question.text}
            maxLength={500}
            onChange={(event) => set({ text: event.target.value })}
          />
        </label>
        <label className="field" htmlFor={`${id}-kind`}>
          <span>
            <Trans>Tipo di risposta</Trans>
          </span>
          <select
            id={`${id}-kind`}
            value={question.kind}
            onChange={(event) => set({ kind: event.target.value as QuestionKind })}
          >
            {kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="survey-check">
        <input
          type="checkbox"
          checked={question.required}
          onChange={(event) => set({ required: event.target.checked })}
        />
        <span>
          <Trans>Risposta obbligatoria</Trans>
        </span>
      </label>
      {isChoice(question.kind) && (
        <div className="survey-option-editor">
          {question.options.map((option, at) => (
            <div key={option.code} className="survey-option-row">
              <label className="field" htmlFor={`${id}-o-${option.code}`}>
                <span>
                  <Trans>Opzione {at + 1}</Trans>
                </span>
                <input
                  id={`${id}-o-${option.code}`}
                  value={option.display}
                  maxLength={200}
                  onChange={(event) =>
                    set({
                      options: question.options.map((o) =>
                        o.code === option.code ? { ...o, display: event.target.value } : o,
                      ),
                    })
                  }
                />
              </label>
              <IonButton
                fill="clear"
                disabled={question.options.length <= 2}
                aria-label={t`Togli l'opzione ${at + 1}`}
                onClick={() => set({ options: question.options.filter((o) => o.code !== option.code) })}
              >
                <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
              </IonButton>
            </div>
          ))}
          <IonButton
            fill="clear"
            disabled={question.options.length >= 20}
            onClick={() => set({ options: [...question.options, newOption(question.options)] })}
          >
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            <Trans>Aggiungi un'opzione</Trans>
          </IonButton>
        </div>
      )}
      {question.kind === 'scale' && (
        <div className="field-grid">
          <label className="field" htmlFor={`${id}-min`}>
            <span>
              <Trans>Da</Trans>
            </span>
            <input
              id={`${id}-min`}
              type="number"
              inputMode="numeric"
              value={question.min}
              onChange={(event) => set({ min: event.target.value })}
            />
          </label>
          <label className="field" htmlFor={`${id}-max`}>
            <span>
              <Trans>A</Trans>
            </span>
            <input
              id={`${id}-max`}
              type="number"
              inputMode="numeric"
              value={question.max}
              onChange={(event) => set({ max: event.target.value })}
            />
          </label>
        </div>
      )}
      {question.kind === 'number' && (
        <label className="field" htmlFor={`${id}-unit`}>
          <span>
            <Trans>Unità di misura</Trans>
          </span>
          <input
            id={`${id}-unit`}
            value={question.unit}
            maxLength={20}
            placeholder={t`es. kg, mmHg`}
            onChange={(event) => set({ unit: event.target.value })}
          />
        </label>
      )}
      <ConditionEditor
        earlier={earlier}
        condition={question.condition}
        onChange={(condition) => set({ condition })}
      />
      {problem && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {i18n._(problem)}
        </p>
      )}
      <IonButton fill="clear" color="danger" onClick={onRemove}>
        <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
        <Trans>Elimina la domanda {number}</Trans>
      </IonButton>
    </fieldset>
  );
}
