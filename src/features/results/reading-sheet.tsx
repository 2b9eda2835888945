/**
 * A new reading, or the correction of one's own, in one sheet. The form checks what the server will check
 * (the shared rules, the date); whatever the server still refuses is shown at its field, and the form keeps
 * everything typed.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { Reading } from '../../contract/results';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toasts';
import '../../ui/forms.css';
import { addReading, correctReading } from './api';
import {
  checkDraft,
  DRAFT_FIELDS,
  type DraftProblems,
  draftOf,
  fieldsOf,
  newDraft,
  problemsOfReply,
  type ReadingDraft,
} from './reading-draft';
import { FIELD_CONTROL, ReadingForm } from './reading-form';

/** The first field in error, in the form's order, takes the focus with its message. */
function focusFirst(problems: DraftProblems): void {
  const field = DRAFT_FIELDS.find((name) => problems[name]);
  if (field) window.setTimeout(() => document.getElementById(FIELD_CONTROL[field])?.focus(), 0);
}

export interface ReadingSheetProps {
  open: boolean;
  patientId: number;
  /** The reading to correct; null for a new one. */
  reading: Reading | null;
  onClose: () => void;
  onSaved: (reading: Reading) => void;
}

export function ReadingSheet({ open, patientId, reading, onClose, onSaved }: ReadingSheetProps): JSX.Element {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<ReadingDraft>(() => newDraft(new Date()));
  const [problems, setProblems] = useState<DraftProblems>({});
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts from now, or from the reading as it stands.
  useEffect(() => {
    if (!open) return;
    setDraft(reading ? draftOf(reading, i18n.locale) : newDraft(new Date()));
    setProblems({});
    setError(null);
  }, [open, reading, i18n.locale]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = checkDraft(draft, new Date());
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      const fields = fieldsOf(draft);
      const saved = reading
        ? await correctReading(reading.id, fields)
        : await addReading({ patientId, ...fields });
      showToast('success', reading ? msg`Correzione salvata` : msg`Misurazione salvata`);
      onSaved(saved);
      onClose();
    } catch (failure) {
      const atFields = problemsOfReply(failure, draft.kind);
      if (atFields) {
        setProblems(atFields);
        focusFirst(atFields);
      } else setError(failureMessage(failure) ?? msg`Impossibile salvare la misurazione: riprova.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={open}
      onClose={onClose}
      closeDisabled={busy}
      className="reading-sheet"
      title={reading ? t`Correggi la misurazione` : t`Nuova misurazione`}
      footer={
        <div className="reading-submit">
          {error && (
            <p className="field-error" role="alert">
              {i18n._(error)}
            </p>
          )}
          <IonButton type="submit" form="reading-form" expand="block" disabled={busy}>
            {reading ? <Trans>Salva la correzione</Trans> : <Trans>Salva</Trans>}
          </IonButton>
        </div>
      }
    >
      <form id="reading-form" noValidate onSubmit={(event) => void submit(event)}>
        <ReadingForm
          draft={draft}
          problems={problems}
          correcting={reading !== null}
          onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
        />
      </form>
    </Sheet>
  );
}
