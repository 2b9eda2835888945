/** Client-side checks of each step (spec 5 leaves them to us); the server checks the same again. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { fieldErrorMessage } from '../../api/error-messages';
import { GuestPerson } from '../../contract/guests';
import type { GuestDraft, GuestStep } from './draft';

export type StepErrors = Partial<Record<string, MessageDescriptor>>;

/** Today and five years ahead, YYYY-MM-DD in the device's day (the server checks Rome's). */
export function deadlineBounds(now: Date = new Date()): { min: string; max: string } {
  const day = (date: Date): string =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const latest = new Date(now.getFullYear() + 5, now.getMonth(), now.getDate());
  return { min: day(tomorrow), max: day(latest) };
}

const PERSON_TEXT: Readonly<Record<string, MessageDescriptor>> = {
  name: msg`Usa solo lettere, spazi, apostrofi e trattini`,
  surname: msg`Usa solo lettere, spazi, apostrofi e trattini`,
  fiscalCode: msg`Codice fiscale non valido`,
  mobilePhone: msg`Numero di cellulare non valido`,
  email: msg`Inserisci una Email valida.`,
};

function personErrors(person: GuestDraft['person']): StepErrors {
  const result = v.safeParse(GuestPerson, person);
  if (result.success) return {};
  const errors: StepErrors = {};
  for (const issue of result.issues) {
    const field = String(issue.path?.[0]?.key ?? '');
    if (errors[field]) continue;
    const code = issue.message === 'required' || issue.input === '' ? 'required' : issue.message;
    errors[field] =
      code === 'required' || code === 'tooLong'
        ? fieldErrorMessage(code)
        : (PERSON_TEXT[field] ?? fieldErrorMessage('invalid'));
  }
  return errors;
}

export function validateStep(step: GuestStep, draft: GuestDraft, now: Date = new Date()): StepErrors {
  switch (step) {
    case 'relationship':
      return draft.relationship ? {} : { relationship: msg`Scegli la relazione con la persona` };
    case 'accessTitle':
      return draft.accessTitle ? {} : { accessTitle: msg`Scegli il titolo di accesso` };
    case 'deadline': {
      if (!draft.deadline) return { deadline: fieldErrorMessage('required') };
      const { min, max } = deadlineBounds(now);
      return draft.deadline < min || draft.deadline > max
        ? { deadline: msg`Scegli una data tra domani e cinque anni da oggi` }
        : {};
    }
    case 'rights':
      return {};
    case 'documents':
      return draft.documentIds.length > 0 || draft.rights.includes('dossier')
        ? {}
        : { documents: msg`Seleziona almeno un documento` };
    case 'person':
      return personErrors(draft.person);
  }
}

/** Where the server's 400 points: the step holding that field. */
export function stepOfField(field: string): GuestStep {
  if (field.startsWith('person')) return 'person';
  if (field.startsWith('documentIds')) return 'documents';
  if (field.startsWith('rights')) return 'rights';
  if (field === 'accessTitle' || field === 'relationship' || field === 'deadline') return field;
  return 'relationship';
}
