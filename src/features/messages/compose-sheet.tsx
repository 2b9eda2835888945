/**
 * Writing a message: (staff) the patient it is about, recipients, subject, text, an optional PDF.
 * Everything typed or chosen, the PDF too, is kept in the per-user draft as it is typed, so closing the
 * sheet or the app loses nothing, and a failed send keeps it all ('Errore nell'invio del messaggio');
 * only a sent message or "Elimina la bozza" clears it.
 */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { sendOutline, trashOutline } from 'ionicons/icons';
import { useAtom } from 'jotai';
import type { FormEvent, JSX } from 'react';
import { useEffect, useState } from 'react';
import { errorReplyMessage, fieldErrorMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from '../../contract/messages';
import { RESET_STORED } from '../../state/storage';
import { confirm } from '../../ui/confirm-dialog';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toasts';
import '../../ui/forms.css';
import { sendMessage } from './api';
import { AttachmentField, useDraftFile } from './attachment-field';
import { emptyMessageDraft, type MessageDraft, messageDraftAtom } from './draft';
import { type ChosenPatient, PatientChoice } from './patient-choice';
import { type PickablePerson, RecipientPicker } from './recipient-picker';
import { isPatientSide, useRecipients } from './use-recipients';

type Problems = Partial<Record<'recipientIds' | 'subject' | 'body' | 'file', MessageDescriptor>>;

function checkDraft(draft: MessageDraft): Problems {
  const problems: Problems = {};
  if (draft.recipientIds.length === 0) problems.recipientIds = msg`Scegli almeno un destinatario`;
  if (!draft.subject.trim()) problems.subject = msg`Campo obbligatorio`;
  if (!draft.body.trim()) problems.body = msg`Campo obbligatorio`;
  return problems;
}

/** The server's refusal, field by field; a refused file keeps the catalogue's words ('File troppo pesante'). */
function problemsOf(failure: unknown): Problems {
  const reply = errorReplyOf(failure);
  if (!reply) return {};
  if (reply.code.startsWith('UPLOAD_')) return { file: errorReplyMessage(reply) };
  const problems: Problems = {};
  for (const field of reply.fields ?? [])
    if (field.field === 'recipientIds' || field.field === 'subject' || field.field === 'body')
      problems[field.field] = fieldErrorMessage(field.code);
  return problems;
}

export function ComposeSheet({
  open,
  userKey,
  patientId,
  staff,
  onClose,
  onSent,
}: {
  open: boolean;
  userKey: string;
  /** Staff writing about a patient; null otherwise. */
  patientId: number | null;
  /** Staff choose the patient a new message is about. */
  staff: boolean;
  onClose: () => void;
  onSent: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [stored, setStored] = useAtom(messageDraftAtom(userKey));
  const draft = stored ?? emptyMessageDraft(patientId);
  const { recipients, refusal } = useRecipients(open, draft.patientId, setStored);
  const draftFile = useDraftFile(open, userKey);
  const { file } = draftFile;
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  /** A refused or failed send: said in the sheet, above the button (a toast would cover it). */
  const [failed, setFailed] = useState<MessageDescriptor | null | false>(false);
  const change = (next: Partial<MessageDraft>): void => setStored({ ...draft, ...next });

  useEffect(() => {
    if (!open) return;
    setProblems({});
    setFailed(false);
  }, [open]);

  const choosePatient = (patient: ChosenPatient | null): void => {
    // The colleagues chosen stay; the previous patient and their guests do not.
    const sideIds = new Set((recipients ?? []).filter(isPatientSide).map((person) => person.id));
    change({
      patientId: patient?.patientId ?? null,
      patientName: patient?.displayName ?? null,
      recipientIds: draft.recipientIds.filter((id) => !sideIds.has(id)),
    });
  };
  const patientName =
    draft.patientName ?? recipients?.find((person) => person.userType === 'PAT')?.displayName ?? null;

  // The patient and their guests first, then the colleagues (each group in name order).
  const offered: PickablePerson[] = [
    ...(recipients ?? []).filter(isPatientSide),
    ...(recipients ?? []).filter((person) => !isPatientSide(person)),
    ...draft.threadPeople
      .filter((person) => !recipients?.some((each) => each.id === person.id))
      .map((person) => ({ ...person, unit: null })),
  ];

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = checkDraft(draft);
    setProblems(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await sendMessage(draft, file);
      setStored(RESET_STORED);
      draftFile.keep(null);
      showToast('success', msg`Messaggio inviato`);
      onSent();
    } catch (failure) {
      const fields = problemsOf(failure);
      setProblems(fields);
      const reply = errorReplyOf(failure);
      // The reason too, when it is not already beside a field (too many messages, no connection…).
      setFailed(reply && Object.keys(fields).length === 0 ? errorReplyMessage(reply) : null);
    } finally {
      setSending(false);
    }
  };

  const discard = async (): Promise<void> => {
    const yes = await confirm({
      header: msg`Elimina la bozza`,
      message: msg`Il messaggio che stai scrivendo verrà eliminato.`,
      confirmLabel: msg`Elimina`,
      destructive: true,
    });
    if (!yes) return;
    setStored(RESET_STORED);
    draftFile.keep(null);
    onClose();
  };

  const error = (name: keyof Problems): JSX.Element | null =>
    problems[name] ? (
      <p className="field-error" id={`message-${name}-error`}>
        {i18n._(problems[name])}
      </p>
    ) : null;
  const described = (name: keyof Problems) => ({
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `message-${name}-error` : undefined,
  });

  return (
    <Sheet
      open={open}
      onClose={onClose}
      closeDisabled={sending}
      title={draft.replyToId === null ? t`Nuovo messaggio` : t`Rispondi`}
      footer={
        <div className="message-send">
          {failed !== false && (
            <div className="message-failed" role="alert">
              <strong>
                <Trans>Errore nell'invio del messaggio</Trans>
              </strong>
              {failed && <span>{i18n._(failed)}</span>}
            </div>
          )}
          <IonButton type="submit" form="message-form" expand="block" disabled={sending}>
            <IonIcon slot="start" icon={sendOutline} aria-hidden="true" />
            {sending ? <Trans>Invio in corso…</Trans> : <Trans>Invia</Trans>}
          </IonButton>
          <IonButton
            expand="block"
            fill="outline"
            color="danger"
            disabled={sending}
            onClick={() => void discard()}
          >
            <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
            <Trans>Elimina la bozza</Trans>
          </IonButton>
        </div>
      }
    >
      <form id="message-form" className="message-form" noValidate onSubmit={(event) => void submit(event)}>
        {staff && draft.replyToId === null && (
          <PatientChoice
            chosen={
              draft.patientId === null ? null : { patientId: draft.patientId, displayName: patientName }
            }
            disabled={sending}
            onChoose={choosePatient}
          />
        )}
        <RecipientPicker
          people={recipients === null ? null : offered}
          refusal={refusal && i18n._(refusal)}
          chosen={draft.recipientIds}
          disabled={sending}
          problem={error('recipientIds')}
          onChange={(recipientIds) => change({ recipientIds })}
        />
        <div className="field">
          <label htmlFor="message-subject">
            <Trans>Oggetto *</Trans>
          </label>
          <input
            id="message-subject"
            type="text"
            autoComplete="off"
            maxLength={MESSAGE_SUBJECT_MAX}
            value={draft.subject}
            disabled={sending}
            onChange={(event) => change({ subject: event.target.value })}
            {...described('subject')}
          />
          {error('subject')}
        </div>
        <div className="field">
          <label htmlFor="message-body">
            <Trans>Messaggio *</Trans>
          </label>
          <textarea
            id="message-body"
            maxLength={MESSAGE_BODY_MAX}
            value={draft.body}
            disabled={sending}
            onChange={(event) => change({ body: event.target.value })}
            {...described('body')}
          />
          {error('body')}
        </div>
        <AttachmentField
          draftFile={draftFile}
          disabled={sending}
          error={error('file')}
          described={described('file')}
          onProblem={(file) => setProblems({ ...problems, file })}
        />
      </form>
    </Sheet>
  );
}
