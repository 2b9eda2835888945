/** One document of the obscuring list: tick it, see whom it is hidden from now and after the request. */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId } from 'react';
import type { Document, ObscuringInfo } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { hiddenFrom, sameViewers, VIEWER_LABEL } from './viewers';

function ViewerChips({ info, tone }: { info: ObscuringInfo; tone: 'now' | 'next' }): JSX.Element {
  const { i18n } = useLingui();
  const viewers = hiddenFrom(info);
  if (viewers.length === 0)
    return (
      <ul className="viewer-chips">
        <li className={`viewer-chip viewer-chip-${tone} viewer-chip-open`}>
          <Trans>Visibile a tutti</Trans>
        </li>
      </ul>
    );
  return (
    <ul className="viewer-chips">
      {viewers.map((viewer) => (
        <li key={viewer} className={`viewer-chip viewer-chip-${tone}`}>
          {i18n._(VIEWER_LABEL[viewer])}
        </li>
      ))}
    </ul>
  );
}

export function DocumentChoice({
  document,
  next,
  onToggle,
  onEdit,
}: {
  document: Document;
  /** The viewers chosen for it, when ticked. */
  next: ObscuringInfo | null;
  onToggle: (on: boolean) => void;
  onEdit: () => void;
}): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  const titleId = useId();
  const current = document.obscuringInfo;
  const changed = next !== null && !sameViewers(current, next);
  return (
    <li
      className={`obscure-item${next ? ' obscure-item-selected' : ''}`}
      aria-labelledby={titleId}
      data-document-id={document.id}
    >
      <label className="obscure-check">
        <input type="checkbox" checked={next !== null} onChange={(event) => onToggle(event.target.checked)} />
        <span className="obscure-title" id={titleId} lang="it">
          {document.title}
        </span>
      </label>
      <p className="obscure-meta">
        {document.documentType.desc} ·{' '}
        <time dateTime={document.docCreationDateTime}>{format.date(document.docCreationDateTime)}</time>
      </p>
      <div className="obscure-state">
        <span className="obscure-state-label">{hiddenFrom(current).length > 0 ? t`Nascosto a` : t`Ora`}</span>
        <ViewerChips info={current} tone="now" />
      </div>
      {next && (
        <div className="obscure-state">
          <span className="obscure-state-label">{t`Dopo la firma`}</span>
          {changed ? (
            <ViewerChips info={next} tone="next" />
          ) : (
            <span className="obscure-unchanged">{t`Nessuna modifica`}</span>
          )}
          <IonButton
            size="small"
            fill="outline"
            onClick={onEdit}
            aria-label={t`Scegli a chi nascondere: ${document.title}`}
          >
            <Trans>Scegli a chi</Trans>
          </IonButton>
        </div>
      )}
    </li>
  );
}
