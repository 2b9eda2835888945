/** A failed upload turned into what the form shows: the file's problem, each field's, or a general one. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorReplyMessage, fieldErrorMessage } from '../../api/error-messages';
import { UploadFailure } from '../../api/request';
import type { UploadDraft } from './api';
import type { FieldProblems } from './upload-fields';

const FORM_FIELDS: readonly (keyof UploadDraft)[] = ['documentType', 'title', 'documentDate', 'note'];
/** The server's name of the physician field. */
const PHYSICIANS = /^approvingPhysicians/;

export interface ShownProblems {
  file: MessageDescriptor | null;
  fields: FieldProblems;
  general: MessageDescriptor | null;
}

export function problemsOf(failure: unknown): ShownProblems {
  const reply = failure instanceof UploadFailure ? failure.reply : null;
  if (!reply)
    return {
      file: null,
      fields: {},
      general: msg`Errore di upload: controlla la connessione e riprova. I dati inseriti sono stati conservati.`,
    };
  const fields: FieldProblems = {};
  let file: MessageDescriptor | null = null;
  for (const each of reply.fields ?? []) {
    if (each.field === 'file')
      file = reply.code === 'BAD_REQUEST' ? fieldErrorMessage(each.code) : errorReplyMessage(reply);
    const name = FORM_FIELDS.find((field) => field === each.field);
    if (name) fields[name] = fieldErrorMessage(each.code);
    if (PHYSICIANS.test(each.field)) fields.physicianId = fieldErrorMessage(each.code);
  }
  const explained = file !== null || Object.keys(fields).length > 0;
  return { file, fields, general: explained ? null : errorReplyMessage(reply) };
}
