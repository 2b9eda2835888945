/**
 * A ready archive: when it was made, until when it can be downloaded, what it leaves out (documents kept
 * offline), "Scarica (12,4 MB)" and "Elimina". `older`: a previous archive, listed smaller under the newest.
 */
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { downloadOutline, trashOutline } from 'ionicons/icons';
import type { JSX, Ref } from 'react';
import type { RecordExport } from '../../contract/export';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { formatSize } from '../../ui/file-size';

export interface ExportReadyProps {
  job: RecordExport;
  /** The archive being downloaded or deleted: its buttons wait. */
  busy: 'download' | 'delete' | null;
  onDownload: (job: RecordExport) => void;
  onDelete: (job: RecordExport) => void;
  heading?: Ref<HTMLHeadingElement>;
  older?: boolean;
}

export function ExportReady({
  job,
  busy,
  onDownload,
  onDelete,
  heading,
  older = false,
}: ExportReadyProps): JSX.Element {
  const { t, i18n } = useLingui();
  const { date, dateTime } = useDateFormat();
  const size = job.bytes === null ? null : formatSize(job.bytes, i18n.locale);
  const made = dateTime(job.finishedAt ?? job.createdAt);
  const day = date(job.finishedAt ?? job.createdAt);
  const until = dateTime(job.expiresAt);
  const titleId = `export-ready-${job.id}`;
  const offline = job.documentsOffline;
  return (
    <section className={older ? 'export-card export-card-older' : 'export-card'} aria-labelledby={titleId}>
      {older ? (
        <h3 id={titleId}>
          <Trans>Archivio del {day}</Trans>
        </h3>
      ) : (
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          <Trans>L'archivio è pronto</Trans>
        </h2>
      )}
      <p className="record-card-meta">
        {!older && (
          <span>
            <Trans>Preparato il {made}</Trans>
          </span>
        )}
        <span>
          <Trans>Disponibile fino al {until}</Trans>
        </span>
      </p>
      <div className="export-actions">
        <IonButton
          className="export-download"
          fill={older ? 'outline' : 'solid'}
          disabled={busy !== null}
          onClick={() => onDownload(job)}
        >
          {busy === 'download' ? (
            <IonSpinner slot="start" name="crescent" aria-hidden="true" />
          ) : (
            <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
          )}
          {size === null ? <Trans>Scarica</Trans> : <Trans>Scarica ({size})</Trans>}
        </IonButton>
        <IonButton
          fill="outline"
          color="danger"
          disabled={busy !== null}
          aria-label={older ? t`Elimina l'archivio del ${day}` : undefined}
          onClick={() => onDelete(job)}
        >
          <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
          <Trans>Elimina</Trans>
        </IonButton>
      </div>
      {!older && offline > 0 && (
        <div className="export-offline">
          <p>
            <Plural
              value={offline}
              one="# documento conservato offline non è incluso: ripristinalo dal dossier e prepara un nuovo archivio."
              other="# documenti conservati offline non sono inclusi: ripristinali dal dossier e prepara un nuovo archivio."
            />
          </p>
          <IonButton fill="clear" size="small" routerLink={paths.dossier()}>
            <Trans>Vai al dossier</Trans>
          </IonButton>
        </div>
      )}
    </section>
  );
}
