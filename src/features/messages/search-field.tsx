/** A labelled search box of the compose sheet (the patient search, the recipients' filter). */
import type { JSX, ReactNode } from 'react';

export function SearchField({
  id,
  label,
  value,
  disabled,
  describedBy,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  disabled: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}): JSX.Element {
  return (
    <div className="message-search-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        maxLength={60}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
