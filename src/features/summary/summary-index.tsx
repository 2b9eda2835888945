/**
 * The summary's sections as a row of jumps, each with its number of entries: on a phone the results sit
 * below dozens of medicines, and a reader looking for one section should not scroll through the others.
 */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { IpsSection } from '../../ui/ips/ips-document';
import { ipsSectionId } from '../../ui/ips/ips-summary';

/** Brings a section to the top of the screen and gives it the focus, so a screen reader reads on from there. */
function jumpTo(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}

export function SummaryIndex({
  sections,
  idPrefix,
  lang,
}: {
  sections: readonly IpsSection[];
  idPrefix: string;
  /** The document's language, which its section titles are written in. */
  lang: string | undefined;
}): JSX.Element {
  const { t } = useLingui();
  return (
    <nav className="summary-index" aria-label={t`Sezioni della sintesi`}>
      <ul>
        {sections.map((section) => (
          <li key={section.key}>
            <button
              type="button"
              className="summary-jump"
              onClick={() => jumpTo(ipsSectionId(idPrefix, section))}
            >
              <span lang={lang}>{section.title ?? t`Sezione senza titolo`}</span>{' '}
              <span className="summary-count">{section.resources.length}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
