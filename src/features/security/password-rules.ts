import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract';

export { PASSWORD_MIN_LENGTH };

export interface PasswordDraft {
  current: string;
  next: string;
  confirm: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordDraft | 'form', MessageDescriptor>>;

/** What the form can tell before asking for the code; the server's policy has the last word. */
export function draftErrors(draft: PasswordDraft): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!draft.current) errors.current = msg`Inserisci la password attuale`;
  const length = [...draft.next].length;
  if (length < PASSWORD_MIN_LENGTH)
    errors.next = msg`La nuova password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri`;
  else if (length > PASSWORD_MAX_LENGTH)
    errors.next = msg`La nuova password può avere al massimo ${PASSWORD_MAX_LENGTH} caratteri`;
  if (!draft.confirm) errors.confirm = msg`Ripeti la nuova password`;
  else if (draft.confirm !== draft.next) errors.confirm = msg`Le due password non coincidono`;
  return errors;
}
