/**
 * The upload form in a sheet, for a new upload or a pending one being modified. Whatever goes wrong,
 * the sheet stays open with everything typed and chosen; the error says what to fix.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useEffect, useState } from 'react';
import type { CodeDesc } from '../../contract/reference';
import type { UploadedDocument, UploadPhysician } from '../../contract/uploads';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toasts';
import '../../ui/forms.css';
import './upload-sheet.css';
import type { UploadDraft } from './api';
import { createUpload, modifyUpload } from './api';
import { checkUploadFile, titleFromFileName } from './file-check';
import { photosToPdfFile } from './scan-to-pdf';
import { type FieldProblems, UploadFields } from './upload-fields';
import { type FileChoice, UploadFileField } from './upload-file-field';
import { problemsOf } from './upload-problems';

const EMPTY: UploadDraft = { documentType: '', title: '', documentDate: '', note: '', physicianId: '' };

function draftOf(document: UploadedDocument | null): UploadDraft {
  if (!document) return EMPTY;
  return {
    documentType: document.documentType.code,
    title: document.title,
    documentDate: document.documentDate ?? '',
    note: document.note ?? '',
    physicianId: String(document.approvingPhysicians[0]?.id ?? ''),
  };
}

function checkDraft(draft: UploadDraft): FieldProblems {
  const problems: FieldProblems = {};
  if (!draft.documentType) problems.documentType = msg`Campo obbligatorio`;
  if (!draft.title.trim()) problems.title = msg`Campo obbligatorio`;
  if (draft.documentDate && draft.documentDate > new Date().toISOString().slice(0, 10))
    problems.documentDate = msg`La data non può essere nel futuro`;
  return problems;
}

export function UploadSheet({
  open,
  editing,
  types,
  physicians,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The pending upload being modified; null for a new one. */
  editing: UploadedDocument | null;
  types: readonly CodeDesc[];
  physicians: readonly UploadPhysician[];
  onClose: () => void;
  onSaved: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<UploadDraft>(EMPTY);
  const [choice, setChoice] = useState<FileChoice>({ kind: 'none' });
  const [fileProblem, setFileProblem] = useState<MessageDescriptor | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [stage, setStage] = useState<'idle' | 'preparing' | 'sending'>('idle');
  const [progress, setProgress] = useState(0);
  const busy = stage !== 'idle';

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(editing));
    setChoice({ kind: 'none' });
    setFileProblem(null);
    setProblems({});
    setError(null);
  }, [open, editing]);

  const choose = (next: FileChoice): void => {
    setChoice(next);
    setFileProblem(null);
    if (next.kind === 'pdf') {
      void checkUploadFile(next.file).then(setFileProblem);
      if (!draft.title.trim()) setDraft({ ...draft, title: titleFromFileName(next.file.name) });
    }
  };

  const fileToSend = async (): Promise<File | null> => {
    if (choice.kind === 'pdf') return choice.file;
    if (choice.kind === 'none') return null;
    setStage('preparing');
    return photosToPdfFile(choice.photos);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = checkDraft(draft);
    const missingFile =
      !editing && choice.kind === 'none' ? msg`Scegli un file PDF o scansiona il documento` : null;
    setProblems(found);
    setFileProblem(missingFile ?? fileProblem);
    setError(null);
    if (Object.keys(found).length > 0 || missingFile || fileProblem) return;
    try {
      const file = await fileToSend();
      const problem = file ? await checkUploadFile(file) : null;
      if (problem) {
        setFileProblem(problem);
        return;
      }
      setStage('sending');
      setProgress(0);
      if (editing) await modifyUpload(editing.id, draft, file, setProgress);
      else if (file) await createUpload(draft, file, setProgress);
      showToast(
        'success',
        editing ? msg`Modifiche salvate` : msg`Documento caricato: il medico lo esaminerà`,
      );
      onSaved();
    } catch (failure) {
      const shown = problemsOf(failure);
      setProblems(shown.fields);
      setFileProblem(shown.file);
      setError(shown.general);
    } finally {
      setStage('idle');
    }
  };

  return (
    <Sheet
      open={open}
      onClose={onClose}
      closeDisabled={busy}
      className="upload-sheet"
      title={editing ? t`Modifica documento` : t`Carica un documento`}
      footer={
        <div className="upload-submit">
          {error && (
            <p className="upload-error" role="alert">
              {i18n._(error)}
            </p>
          )}
          {stage === 'preparing' && <p role="status">{t`Preparazione del PDF…`}</p>}
          {stage === 'sending' && (
            <label className="upload-progress">
              <span>{t`Invio in corso: ${Math.round(progress * 100)}%`}</span>
              <progress max={1} value={progress} />
            </label>
          )}
          <IonButton type="submit" form="upload-form" expand="block" disabled={busy}>
            {editing ? <Trans>Salva le modifiche</Trans> : <Trans>Carica il documento</Trans>}
          </IonButton>
        </div>
      }
    >
      <form id="upload-form" className="upload-form" noValidate onSubmit={(event) => void submit(event)}>
        <UploadFileField
          choice={choice}
          problem={fileProblem}
          replacing={editing !== null}
          disabled={busy}
          onChoose={choose}
        />
        <UploadFields
          draft={draft}
          types={types}
          physicians={physicians}
          problems={problems}
          disabled={busy}
          onChange={setDraft}
        />
        <p className="muted upload-hint">
          <Trans>Il documento entrerà nel tuo dossier dopo l'approvazione di un medico.</Trans>
        </p>
      </form>
    </Sheet>
  );
}
