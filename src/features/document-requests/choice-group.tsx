/** A set of radio cards (delivery type, modality, support): large targets, one choice. */
import type { JSX } from 'react';

export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  invalid = false,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string; hint?: string }[];
  value: T | null;
  onChange: (value: T) => void;
  invalid?: boolean;
}): JSX.Element {
  return (
    <fieldset className={`delivery-choices${invalid ? ' delivery-choices-invalid' : ''}`}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`delivery-choice${value === option.value ? ' delivery-choice-on' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="delivery-choice-label">{option.label}</span>
            {option.hint && <span className="delivery-choice-hint">{option.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
