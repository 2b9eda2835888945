/**
 * The message's optional PDF: chosen, checked on the device (format, size) and kept with the draft
 * (draft-file.ts), so closing the sheet or the app does not lose it.
 */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { attachOutline } from 'ionicons/icons';
import type { ChangeEvent, JSX, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { UPLOAD_MAX_BYTES } from '../../contract/uploads';
import { clearDraftFile, loadDraftFile, saveDraftFile } from './draft-file';

export interface DraftFile {
  file: File | null;
  /** The chosen PDF could not be kept with the draft (the browser's storage is full). */
  notKept: boolean;
  keep: (file: File | null) => void;
}

/** The draft's file, read again at each opening: a draft that replaced another (a reply) has none. */
export function useDraftFile(open: boolean, userKey: string): DraftFile {
  const [file, setFile] = useState<File | null>(null);
  const [notKept, setNotKept] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only
  useEffect(() => {
    if (!open) return;
    const kept = loadDraftFile(userKey);
    // A file storage could not keep stays while the page does.
    setFile((current) => kept ?? (notKept ? current : null));
  }, [open]);
  const keep = (chosen: File | null): void => {
    setFile(chosen);
    setNotKept(false);
    if (!chosen) clearDraftFile(userKey);
    else void saveDraftFile(userKey, chosen).then((kept) => setNotKept(!kept));
  };
  return { file, notKept, keep };
}

/** What is wrong with a chosen file, checked before it is kept (the server checks its bytes again). */
function fileProblem(chosen: File): MessageDescriptor | undefined {
  if (!/\.pdf$/i.test(chosen.name) && chosen.type !== 'application/pdf')
    return msg`Il formato del documento dev'essere .pdf`;
  return chosen.size > UPLOAD_MAX_BYTES ? msg`File troppo pesante` : undefined;
}

export function AttachmentField({
  draftFile,
  disabled,
  error,
  described,
  onProblem,
}: {
  draftFile: DraftFile;
  disabled: boolean;
  /** The error under the field, if any. */
  error: ReactNode;
  described: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  onProblem: (problem: MessageDescriptor | undefined) => void;
}): JSX.Element {
  const { t } = useLingui();
  const { file, notKept, keep } = draftFile;
  const pick = (event: ChangeEvent<HTMLInputElement>): void => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    const problem = chosen ? fileProblem(chosen) : undefined;
    onProblem(problem);
    keep(problem ? null : chosen);
  };
  return (
    <div className="message-attach">
      <label>
        <IonIcon icon={attachOutline} aria-hidden="true" />
        <span>{file ? t`Cambia allegato` : t`Allega un PDF (facoltativo)`}</span>
        <input
          type="file"
          accept="application/pdf,.pdf"
          className="visually-hidden"
          {...described}
          disabled={disabled}
          onChange={pick}
        />
      </label>
      {file && (
        <>
          <span>{file.name}</span>
          <IonButton fill="clear" onClick={() => keep(null)} aria-label={t`Togli l'allegato`}>
            <Trans>Togli</Trans>
          </IonButton>
        </>
      )}
      {notKept && (
        <p className="muted">
          <Trans>
            Il PDF è troppo grande per essere conservato nella bozza: se chiudi l'app, allegalo di nuovo.
          </Trans>
        </p>
      )}
      {error}
    </div>
  );
}
