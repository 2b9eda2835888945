/** One uploaded document: title, type, dates, state, the rejection reason, and what the caller may do. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createOutline, eyeOutline, folderOpenOutline, trashOutline } from 'ionicons/icons';
import type { JSX, ReactNode } from 'react';
import { useId } from 'react';
import type { UploadedDocument } from '../../contract/uploads';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { formatSize } from '../../ui/file-size';
import { statusLook } from './upload-labels';
import '../../ui/record-card.css';

export interface UploadCardActions {
  onModify?: (document: UploadedDocument) => void;
  onDelete?: (document: UploadedDocument) => void;
  /** The physician opens it to read and review. */
  onReview?: (document: UploadedDocument) => void;
  /** Show who uploaded it (the physician's list spans patients). */
  showOwner?: boolean;
}

export function UploadCard({
  document,
  ...actions
}: { document: UploadedDocument } & UploadCardActions): JSX.Element {
  const { i18n } = useLingui();
  const format = useDateFormat();
  const titleId = useId();
  const look = statusLook(document.status);
  const owner = document.documentOwner;
  const buttons: ReactNode[] = [];
  if (actions.onReview)
    buttons.push(
      <IonButton key="review" onClick={() => actions.onReview?.(document)}>
        <IonIcon slot="start" icon={eyeOutline} aria-hidden="true" />
        {document.canReview ? <Trans>Apri ed esamina</Trans> : <Trans>Apri</Trans>}
      </IonButton>,
    );
  if (document.canModify && actions.onModify)
    buttons.push(
      <IonButton key="modify" fill="outline" onClick={() => actions.onModify?.(document)}>
        <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
        <Trans>Modifica</Trans>
      </IonButton>,
    );
  if (document.canModify && actions.onDelete)
    buttons.push(
      <IonButton key="delete" fill="outline" color="danger" onClick={() => actions.onDelete?.(document)}>
        <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
        <Trans>Elimina</Trans>
      </IonButton>,
    );
  if (document.status === 'VALIDATED' && document.dossierDocumentId !== null && !actions.onReview)
    buttons.push(
      <IonButton key="dossier" fill="outline" routerLink={paths.documentViewer(document.dossierDocumentId)}>
        <IonIcon slot="start" icon={folderOpenOutline} aria-hidden="true" />
        <Trans>Apri nel dossier</Trans>
      </IonButton>,
    );

  return (
    <article className="record-card upload-card" aria-labelledby={titleId}>
      <header className="record-card-header upload-card-header">
        <h3 id={titleId}>{document.title}</h3>
        <span className={`tone-chip upload-chip tone-${look.tone}`}>{i18n._(look.label)}</span>
      </header>
      {actions.showOwner && (
        <p className="upload-owner">
          {owner.first} {owner.last} · {owner.fiscalCode}
        </p>
      )}
      <p className="record-card-meta">
        <span>{document.documentType.desc}</span>
        {document.documentDate && (
          <span>
            <Trans>Data del documento: {format.date(document.documentDate)}</Trans>
          </span>
        )}
        <span>
          <Trans>Caricato il {format.dateTime(document.creationDate)}</Trans>
        </span>
        <span>{formatSize(document.byteSize, i18n.locale)}</span>
      </p>
      {document.approvingPhysicians.length > 0 && (
        <p className="record-card-meta">
          <Trans>Inviato a {document.approvingPhysicians.map((each) => each.displayName).join(', ')}</Trans>
        </p>
      )}
      {document.note && <p className="upload-note">{document.note}</p>}
      {document.status === 'REJECTED' && (
        <div className="record-card-reason" role="note">
          <strong>
            <Trans>Motivo del rifiuto</Trans>
          </strong>
          <p>{document.rejectionReason}</p>
        </div>
      )}
      {document.reviewedBy && document.reviewedAt && (
        <p className="record-card-meta">
          <Trans>
            Esaminato da {document.reviewedBy} il {format.dateTime(document.reviewedAt)}
          </Trans>
        </p>
      )}
      {buttons.length > 0 && <div className="upload-actions">{buttons}</div>}
    </article>
  );
}
