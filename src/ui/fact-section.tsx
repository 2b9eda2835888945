/** A titled group of label/value pairs, as read-only records show them. Empty values are left out. */
import { Trans } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === '' || value === false;
}

export function FactList({ facts }: { facts: readonly Fact[] }): JSX.Element {
  return (
    <dl className="fact-list">
      {facts
        .filter((fact) => !isEmpty(fact.value))
        .map((fact) => (
          <div key={fact.label} className="fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function FactSection({
  id,
  title,
  facts,
  children,
}: {
  id: string;
  title: string;
  facts?: readonly Fact[];
  children?: ReactNode;
}): JSX.Element {
  const visible = (facts ?? []).filter((fact) => !isEmpty(fact.value));
  const hasContent = visible.length > 0 || Boolean(children);
  return (
    <section className="fact-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {visible.length > 0 && <FactList facts={visible} />}
      {children}
      {!hasContent && (
        <p className="fact-empty">
          <Trans>Nessun dato registrato</Trans>
        </p>
      )}
    </section>
  );
}
