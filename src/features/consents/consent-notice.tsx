/**
 * The consent's information notice, shown on the form step above the answers, so that "I declare I have
 * read the notice" comes after the notice itself and not before the PDF of the next step.
 */
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId } from 'react';
import './consent-notice.css';

export function ConsentNotice({ paragraphs }: { paragraphs: readonly string[] }): JSX.Element | null {
  const headingId = useId();
  if (paragraphs.length === 0) return null;
  return (
    <section className="consent-notice-text" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Informativa</Trans>
      </h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}
