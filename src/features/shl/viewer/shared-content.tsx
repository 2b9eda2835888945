/** What an opened link carries: the patient summary first, then the documents; a file it cannot read is said. */
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { IpsSummary } from '../../../ui/ips/ips-summary';
import { EmptyState } from '../../../ui/state-views';
import { SharedDocuments } from './shared-documents';
import type { SharedFile } from './shared-files';

export function SharedContent({ files }: { files: readonly SharedFile[] }): JSX.Element {
  const summaries = files.flatMap((file) => (file.kind === 'summary' ? [file.document] : []));
  const documents = files.flatMap((file) => (file.kind === 'documents' ? file.documents : []));
  const unreadable = files.filter((file) => file.kind === 'unreadable').length;
  return (
    <div className="shl-content">
      {summaries.map((document, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the files are drawn once and never reordered
        <IpsSummary key={position} document={document} />
      ))}
      {documents.length > 0 && (
        <section className="shl-documents" aria-labelledby="shl-documents-title">
          <h2 id="shl-documents-title">
            {documents.length === 1 ? (
              <Trans>1 documento</Trans>
            ) : (
              <Trans>{documents.length} documenti</Trans>
            )}
          </h2>
          <SharedDocuments documents={documents} />
        </section>
      )}
      {unreadable > 0 && (
        <p className="shl-unreadable" role="note">
          {unreadable === 1 ? (
            <Trans>Una parte del contenuto non è leggibile da questa pagina.</Trans>
          ) : (
            <Trans>{unreadable} parti del contenuto non sono leggibili da questa pagina.</Trans>
          )}
        </p>
      )}
      {files.length === 0 && <EmptyState title={<Trans>Il link non contiene dati</Trans>} />}
    </div>
  );
}
