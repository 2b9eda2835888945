/** One request of the archive: kind, date, state chip, items, price; cancel or delete when allowed. */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { DocumentRequest } from '../../contract/document-requests';
import { useDateFormat } from '../../i18n/dates';
import { DELIVERY_TYPE_LABEL, formatCents, STATUS_LABEL, statusColor } from './labels';

export function ArchiveItem({
  request,
  onCancel,
  onDelete,
}: {
  request: DocumentRequest;
  onCancel: () => void;
  onDelete: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const title = request.kind === 'REPORTS' ? t`Copia di referti` : t`Copia di cartelle cliniche`;
  const color = statusColor(request.status);
  return (
    <li className="archive-item" data-request-id={request.id}>
      <div className="archive-item-head">
        <h2 className="archive-item-title">{title}</h2>
        <span className={`status-chip status-chip-${color}`}>{i18n._(STATUS_LABEL[request.status])}</span>
      </div>
      <p className="request-item-meta">
        <span className="archive-item-number">n. {request.id}</span> ·{' '}
        <time dateTime={request.createdAt}>{format.dateTime(request.createdAt)}</time> ·{' '}
        {i18n._(DELIVERY_TYPE_LABEL[request.delivery.type])} · {formatCents(request.priceCents, i18n.locale)}
      </p>
      <ul className="archive-item-list">
        {request.items.map((item) => (
          <li key={`${item.documentId ?? 'h'}-${item.hospitalizationId ?? 'd'}`}>
            <span lang="it">{item.title}</span>
            <span className="muted">
              {' '}
              · {item.numCopies === 1 ? t`1 copia` : t`${item.numCopies} copie`}
              {item.dicom && ` · ${t`con immagini`}`}
            </span>
          </li>
        ))}
      </ul>
      {(request.cancellable || request.deletable) && (
        <div className="archive-item-actions">
          {request.cancellable && (
            <IonButton fill="outline" color="danger" size="small" onClick={onCancel}>
              <Trans>Annulla richiesta</Trans>
            </IonButton>
          )}
          {request.deletable && (
            <IonButton fill="clear" color="medium" size="small" onClick={onDelete}>
              <Trans>Elimina</Trans>
            </IonButton>
          )}
        </div>
      )}
    </li>
  );
}
