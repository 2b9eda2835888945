/**
 * The link's documents: each with its type, date and source, opened in the portal's PDF viewer (pdf.js, so
 * a phone shows it in the page instead of downloading it) or saved as a file.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { downloadOutline, eyeOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { lazy, Suspense, useId, useState } from 'react';
import { useDateFormat } from '../../../i18n/dates';
import '../../../ui/record-card.css';
import { saveBlob } from '../../../ui/save-file';
import type { SharedDocument } from './shared-files';

/** pdf.js arrives with the first document opened, not with the viewer. */
const PdfSheet = lazy(() => import('./pdf-sheet'));

/** Saves the PDF under its title, without the characters file systems refuse. */
function download(document: SharedDocument, fallbackName: string): void {
  if (!document.pdf) return;
  const name = `${(document.title ?? fallbackName).replace(/[\\/:*?"<>|]+/g, ' ').trim()}.pdf`;
  saveBlob(new Blob([document.pdf], { type: 'application/pdf' }), name);
}

function DocumentCard({
  document,
  onOpen,
}: {
  document: SharedDocument;
  onOpen: (document: SharedDocument) => void;
}): JSX.Element {
  const { t } = useLingui();
  const { date } = useDateFormat();
  const titleId = useId();
  const title = document.title ?? t`Documento senza titolo`;
  return (
    <article className="record-card" aria-labelledby={titleId}>
      <header className="record-card-header">
        <h3 id={titleId}>{title}</h3>
      </header>
      <p className="record-card-meta">
        {document.type && <span>{document.type}</span>}
        {document.date && <span>{date(document.date)}</span>}
        {document.custodian && <span>{document.custodian}</span>}
        {document.author && <span>{document.author}</span>}
      </p>
      {document.pdf ? (
        <div className="shl-card-actions">
          <IonButton
            fill="outline"
            onClick={() => download(document, title)}
            aria-label={t`Scarica ${title}`}
          >
            <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
            <Trans>Scarica</Trans>
          </IonButton>
          <IonButton onClick={() => onOpen(document)} aria-label={t`Apri ${title}`}>
            <IonIcon slot="start" icon={eyeOutline} aria-hidden="true" />
            <Trans>Apri</Trans>
          </IonButton>
        </div>
      ) : (
        <p className="muted">
          <Trans>Il PDF di questo documento non è leggibile.</Trans>
        </p>
      )}
    </article>
  );
}

export function SharedDocuments({ documents }: { documents: readonly SharedDocument[] }): JSX.Element {
  // The last document opened stays in the closed sheet, so that closing slides it away.
  const [shown, setShown] = useState<SharedDocument | null>(null);
  const [open, setOpen] = useState(false);
  const show = (document: SharedDocument): void => {
    setShown(document);
    setOpen(true);
  };
  return (
    <>
      {documents.map((document, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once and never reordered
        <DocumentCard key={position} document={document} onOpen={show} />
      ))}
      {shown && (
        <Suspense fallback={null}>
          <PdfSheet document={shown} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
