/**
 * Bottom sheet to choose whom one document is hidden from: healthcare staff, then the patient's
 * authorised people by relationship. "Tutti gli operatori sanitari" covers every staff member.
 */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { ObscuringInfo } from '../../contract/documents';
import { noObscuring } from '../../contract/documents';
import { Sheet } from '../../ui/sheet';
import type { Viewer } from './viewers';
import { GUEST_VIEWERS, STAFF_VIEWERS, VIEWER_HINT, VIEWER_LABEL } from './viewers';

export function ViewerSheet({
  open,
  title,
  value,
  onApply,
  onClose,
}: {
  open: boolean;
  /** The document's title. */
  title: string;
  value: ObscuringInfo;
  onApply: (value: ObscuringInfo) => void;
  onClose: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<ObscuringInfo>(value);
  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);

  const group = (legend: string, viewers: readonly Viewer[]): JSX.Element => (
    <fieldset className="viewer-group">
      <legend>{legend}</legend>
      {viewers.map((viewer) => {
        const hint = VIEWER_HINT[viewer];
        // Hidden from all staff already covers specialists and operators.
        const covered = viewer !== 'general' && STAFF_VIEWERS.includes(viewer) && draft.general;
        return (
          <label key={viewer} className="viewer-option">
            <input
              type="checkbox"
              checked={draft[viewer] || covered}
              disabled={covered}
              onChange={(event) => setDraft({ ...draft, [viewer]: event.target.checked })}
            />
            <span>
              <span className="viewer-name">{i18n._(VIEWER_LABEL[viewer])}</span>
              {hint && <span className="viewer-hint">{i18n._(hint)}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );

  return (
    <Sheet
      open={open}
      onClose={onClose}
      breakpoints={[0, 0.85, 1]}
      initialBreakpoint={0.85}
      className="viewer-sheet"
      title={<Trans>Nascondi a</Trans>}
      footer={
        <div className="viewer-actions">
          <IonButton fill="outline" onClick={() => setDraft(noObscuring)}>
            <Trans>Visibile a tutti</Trans>
          </IonButton>
          <IonButton onClick={() => onApply(draft)}>
            <Trans>Applica</Trans>
          </IonButton>
        </div>
      }
    >
      <p className="viewer-sheet-document">{title}</p>
      {group(t`Personale sanitario`, STAFF_VIEWERS)}
      {group(t`Persone autorizzate`, GUEST_VIEWERS)}
      <p className="viewer-sheet-note">
        <Trans>Il documento resta sempre visibile a te e al medico che lo ha redatto.</Trans>
      </p>
    </Sheet>
  );
}
