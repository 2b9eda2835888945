/** Pieces shared by the card list and the table: the title that opens a document, and the type. */
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Document } from '../../contract/documents';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';

export function canOpen(document: Document): boolean {
  return document.viewable && document.status === 'ONLINE';
}

/** A document the user may not read is 'Documento non leggibile'; its title is not shown. */
export function DocumentTitle({ document }: { document: Document }): JSX.Element {
  const navigate = useNavigate();
  if (!document.viewable) {
    return (
      <span className="doc-title doc-title-hidden">
        <Trans>Documento non leggibile</Trans>
      </span>
    );
  }
  // Titles come from the hospital's systems in Italian, also in English mode (lang for screen readers).
  if (!canOpen(document))
    return (
      <span className="doc-title" lang="it">
        {document.title}
      </span>
    );
  return (
    <button
      type="button"
      className="doc-title doc-open"
      lang="it"
      onClick={() => navigate(paths.documentViewer(document.id), { state: { title: document.title } })}
    >
      {document.title}
    </button>
  );
}

/** Physicians see the type even of a document they cannot read (spec section 6); others only when readable. */
export function DocumentType({ document }: { document: Document }): JSX.Element | null {
  const user = useAtomValue(currentUserAtom);
  if (!document.viewable && user?.userType !== 'PHY') return null;
  return <span className="doc-type">{document.documentType.desc}</span>;
}
