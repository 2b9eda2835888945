/** Translated labels of the patient record's coded values (contract `patient.ts`). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type * as v from 'valibot';
import type { IdentityDocumentType, LifeStatus, MaritalStatus, Sex } from '../contract/patient';

export const SEX_LABEL: Readonly<Record<v.InferOutput<typeof Sex>, MessageDescriptor>> = {
  M: msg`Maschio`,
  F: msg`Femmina`,
  X: msg`Non specificato`,
};

export const MARITAL_STATUS_LABEL: Readonly<Record<v.InferOutput<typeof MaritalStatus>, MessageDescriptor>> =
  {
    single: msg`Celibe/nubile`,
    married: msg`Coniugato/a`,
    civilUnion: msg`Unito/a civilmente`,
    separated: msg`Separato/a`,
    divorced: msg`Divorziato/a`,
    widowed: msg`Vedovo/a`,
    unknown: msg`Non noto`,
  };

export const LIFE_STATUS_LABEL: Readonly<Record<v.InferOutput<typeof LifeStatus>, MessageDescriptor>> = {
  alive: msg`In vita`,
  deceased: msg`Deceduto/a`,
};

export const DOCUMENT_TYPE_LABEL: Readonly<
  Record<v.InferOutput<typeof IdentityDocumentType>, MessageDescriptor>
> = {
  identityCard: msg`Carta d'identità`,
  passport: msg`Passaporto`,
  drivingLicence: msg`Patente di guida`,
};
