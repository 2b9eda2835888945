/**
 * Where the file comes from: a PDF from the phone's files, or a scan with the camera (one photo per
 * page, made into a PDF on the device when the form is sent). The choice is checked at once.
 */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { cameraOutline, documentAttachOutline } from 'ionicons/icons';
import type { ChangeEvent, JSX } from 'react';
import { useId } from 'react';
import { formatSize } from '../../ui/file-size';

/** What the user picked: a PDF, or photos still to be made into one. */
export type FileChoice = { kind: 'none' } | { kind: 'pdf'; file: File } | { kind: 'photos'; photos: File[] };

export function UploadFileField({
  choice,
  problem,
  replacing,
  disabled,
  onChoose,
}: {
  choice: FileChoice;
  problem: MessageDescriptor | null;
  /** Editing: the current file stays unless another is chosen. */
  replacing: boolean;
  disabled: boolean;
  onChoose: (choice: FileChoice) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const problemId = useId();
  const takeFile = (event: ChangeEvent<HTMLInputElement>): void => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after an error
    if (file) onChoose({ kind: 'pdf', file });
  };
  const takePhotos = (event: ChangeEvent<HTMLInputElement>): void => {
    const taken = [...(event.target.files ?? [])];
    event.target.value = '';
    if (taken.length === 0) return;
    onChoose({ kind: 'photos', photos: [...(choice.kind === 'photos' ? choice.photos : []), ...taken] });
  };

  return (
    <fieldset className="upload-file" aria-describedby={problem ? problemId : undefined}>
      <legend>
        {replacing ? <Trans>Sostituisci il file (facoltativo)</Trans> : <Trans>Documento PDF *</Trans>}
      </legend>
      <div className="upload-pickers">
        <label className={`upload-picker${disabled ? ' is-disabled' : ''}`}>
          <IonIcon icon={documentAttachOutline} aria-hidden="true" />
          <span>
            <Trans>Scegli un PDF</Trans>
          </span>
          <input
            type="file"
            accept="application/pdf,.pdf"
            className="visually-hidden"
            disabled={disabled}
            onChange={takeFile}
            aria-label={t`Scegli un file PDF dal dispositivo`}
          />
        </label>
        <label className={`upload-picker${disabled ? ' is-disabled' : ''}`}>
          <IonIcon icon={cameraOutline} aria-hidden="true" />
          <span>
            {choice.kind === 'photos' ? (
              <Trans>Aggiungi una pagina</Trans>
            ) : (
              <Trans>Scansiona con la fotocamera</Trans>
            )}
          </span>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="visually-hidden"
            disabled={disabled}
            onChange={takePhotos}
            aria-label={t`Fotografa le pagine del documento`}
          />
        </label>
      </div>
      {choice.kind === 'pdf' && (
        <p className="upload-chosen">
          <strong>{choice.file.name}</strong> · {formatSize(choice.file.size, i18n.locale)}
        </p>
      )}
      {choice.kind === 'photos' && (
        <div className="upload-chosen">
          <p>
            <Trans>Pagine fotografate: {choice.photos.length}. Verranno unite in un unico PDF.</Trans>
          </p>
          <IonButton size="small" fill="clear" disabled={disabled} onClick={() => onChoose({ kind: 'none' })}>
            <Trans>Ricomincia la scansione</Trans>
          </IonButton>
        </div>
      )}
      {problem && (
        <p id={problemId} className="field-error" role="alert">
          {i18n._(problem)}
        </p>
      )}
      <p className="muted upload-hint">
        <Trans>Solo file PDF, al massimo 2 MB.</Trans>
      </p>
    </fieldset>
  );
}
