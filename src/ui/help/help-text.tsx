import type { JSX } from 'react';
import type { HelpPage } from '../../contract/reference';

/** A help text's paragraphs: the same in the help sheet of a screen and on the Help and FAQ pages. */
export function HelpText({ page }: { page: Pick<HelpPage, 'paragraphs'> }): JSX.Element {
  return (
    <div className="help-text">
      {page.paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in order
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
