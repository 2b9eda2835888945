/** One report or admission of the first step: its flags and, once chosen, its copies. */
import { useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import { useId } from 'react';
import { CopiesStepper } from './copies-stepper';
import type { Selected } from './draft';
import type { Flag } from './selection';

export function SelectionRow({
  title,
  meta,
  selected,
  flags,
  maxCopies,
  onFlag,
  onStep,
}: {
  title: string;
  meta: ReactNode;
  selected: Selected | undefined;
  /** The flags offered: the document flag, and the image flag where the document has studies. */
  flags: readonly { flag: Flag; label: string }[];
  maxCopies: number;
  onFlag: (flag: Flag, on: boolean) => void;
  onStep: (delta: 1 | -1) => void;
}): JSX.Element {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <li className={`request-item${selected ? ' request-item-selected' : ''}`} aria-labelledby={titleId}>
      <p className="request-item-title" id={titleId}>
        {title}
      </p>
      <p className="request-item-meta">{meta}</p>
      <div className="request-item-controls">
        <div className="request-flags">
          {flags.map(({ flag, label }) => (
            <label key={flag} className="request-flag">
              <input
                type="checkbox"
                checked={selected ? selected[flag] : false}
                aria-label={t`${label}: ${title}`}
                onChange={(event) => onFlag(flag, event.target.checked)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
        {selected && (
          <CopiesStepper value={selected.numCopies} max={maxCopies} label={title} onStep={onStep} />
        )}
      </div>
    </li>
  );
}
