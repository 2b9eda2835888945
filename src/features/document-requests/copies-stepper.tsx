/** − copies + : thumb-sized buttons around the number; below 1 the caller asks whether to cancel. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';

export function CopiesStepper({
  value,
  max,
  label,
  onStep,
}: {
  value: number;
  max: number;
  /** What the copies are of, for screen readers. */
  label: string;
  onStep: (delta: 1 | -1) => void;
}): JSX.Element {
  const { t } = useLingui();
  return (
    <fieldset className="copies-stepper" aria-label={t`Copie di ${label}`}>
      <button type="button" aria-label={t`Una copia in meno`} onClick={() => onStep(-1)}>
        −
      </button>
      <output aria-live="polite">{value === 1 ? t`1 copia` : t`${value} copie`}</output>
      <button
        type="button"
        aria-label={t`Una copia in più`}
        disabled={value >= max}
        onClick={() => onStep(1)}
      >
        +
      </button>
    </fieldset>
  );
}
