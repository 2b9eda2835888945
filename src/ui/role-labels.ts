import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserType } from '../contract/user';

export const ROLE_LABEL: Readonly<Record<UserType, MessageDescriptor>> = {
  PAT: msg`Paziente`,
  PHY: msg`Medico`,
  OPT: msg`Operatore`,
  ADM: msg`Amministratore`,
  GUE: msg`Persona autorizzata`,
};
