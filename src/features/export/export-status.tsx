/**
 * The newest archive as one card: none yet (or gone) with "Prepara l'archivio", being prepared, ready, or
 * failed with "Riprova". When the card changes under a focus it held (the button pressed is gone, the
 * progress became the download), its heading takes the focus, so the reader is not left on the page body.
 */
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { alertCircleOutline, archiveOutline, refreshOutline } from 'ionicons/icons';
import type { JSX, RefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { RecordExport } from '../../contract/export';
import { useDateFormat } from '../../i18n/dates';
import { focusHeading, focusLost } from '../../ui/step-focus';
import { ExportProgress } from './export-progress';
import { ExportReady } from './export-ready';
import type { ExportView } from './export-view';

export interface ExportStatusProps {
  view: ExportView;
  preparing: boolean;
  /** The ready archive's download or deletion under way. */
  busy: 'download' | 'delete' | null;
  onPrepare: () => void;
  onDownload: (job: RecordExport) => void;
  onDelete: (job: RecordExport) => void;
}

/**
 * When the card's kind changes: its heading takes a focus lost with the old card, and the end of a
 * preparation is said aloud (the progress's own live text stops with its card).
 */
function useCardChange(kind: ExportView['kind']): {
  heading: RefObject<HTMLHeadingElement | null>;
  said: MessageDescriptor | null;
} {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const previous = useRef(kind);
  const [said, setSaid] = useState<MessageDescriptor | null>(null);
  useEffect(() => {
    if (previous.current === kind) return;
    const from = previous.current;
    previous.current = kind;
    if (focusLost()) focusHeading(heading.current);
    if (from === 'working') setSaid(kind === 'ready' ? READY_SAID : kind === 'failed' ? FAILED_SAID : null);
    else setSaid(null);
  }, [kind]);
  return { heading, said };
}

const READY_SAID = msg`L'archivio è pronto da scaricare.`;
const FAILED_SAID = msg`Non è stato possibile preparare l'archivio.`;

function PrepareButton({ preparing, onPrepare }: { preparing: boolean; onPrepare: () => void }): JSX.Element {
  return (
    <IonButton className="export-prepare" expand="block" disabled={preparing} onClick={onPrepare}>
      {preparing ? (
        <IonSpinner slot="start" name="crescent" aria-hidden="true" />
      ) : (
        <IonIcon slot="start" icon={archiveOutline} aria-hidden="true" />
      )}
      <Trans>Prepara l'archivio</Trans>
    </IonButton>
  );
}

export function ExportStatus(props: ExportStatusProps): JSX.Element {
  const { i18n } = useLingui();
  const { heading, said } = useCardChange(props.view.kind);
  return (
    <>
      <ExportCard {...props} heading={heading} />
      <p className="visually-hidden" role="status">
        {said ? i18n._(said) : ''}
      </p>
    </>
  );
}

function ExportCard(
  props: ExportStatusProps & { heading: RefObject<HTMLHeadingElement | null> },
): JSX.Element {
  const { view, preparing, onPrepare, heading } = props;
  const { date } = useDateFormat();
  switch (view.kind) {
    case 'working':
      return <ExportProgress job={view.job} heading={heading} />;
    case 'ready':
      return (
        <>
          <ExportReady {...props} job={view.job} heading={heading} />
          <IonButton className="export-again" fill="clear" disabled={preparing} onClick={onPrepare}>
            <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
            <Trans>Prepara un nuovo archivio</Trans>
          </IonButton>
        </>
      );
    case 'failed':
      return (
        <section className="export-card export-card-failed" aria-labelledby="export-card-title">
          <h2 id="export-card-title" ref={heading} tabIndex={-1}>
            <IonIcon icon={alertCircleOutline} aria-hidden="true" />
            <Trans>Non è stato possibile preparare l'archivio</Trans>
          </h2>
          <p>
            <Trans>Di solito è un problema passeggero: puoi riprovare subito.</Trans>
          </p>
          <IonButton className="export-prepare" expand="block" disabled={preparing} onClick={onPrepare}>
            <IonIcon slot="start" icon={refreshOutline} aria-hidden="true" />
            <Trans>Riprova</Trans>
          </IonButton>
        </section>
      );
    case 'none': {
      const last = view.last ? date(view.last.finishedAt ?? view.last.createdAt) : null;
      return (
        <section className="export-card" aria-labelledby="export-card-title">
          <h2 id="export-card-title" ref={heading} tabIndex={-1}>
            <Trans>Nessun archivio pronto</Trans>
          </h2>
          <p>
            {last ? (
              <Trans>L'archivio del {last} non è più disponibile. Puoi prepararne uno nuovo.</Trans>
            ) : (
              <Trans>Può volerci qualche minuto, secondo quanti documenti contiene il fascicolo.</Trans>
            )}
          </p>
          <PrepareButton preparing={preparing} onPrepare={onPrepare} />
        </section>
      );
    }
  }
}
