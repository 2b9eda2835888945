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
    <fieldset className={`choice-group${invalid ? ' choice-group-invalid' : ''}`}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={`choice-card${value === option.value ? ' choice-card-on' : ''}`}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="choice-label">{option.label}</span>
            {option.hint && <span className="choice-hint">{option.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
