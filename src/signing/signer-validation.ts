/**
 * The signer step's checks (spec 5: an electronic-signature signer needs all required fields): every
 * field of another signer is required, the fiscal code must have the right shape, the birth date must be
 * a real past date. The second signer is checked only when added.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { FiscalCode } from '../contract/patient';
import type { SignerDraft, SignerPerson } from './draft';

export type PersonField = keyof SignerPerson;
export const PERSON_FIELDS: readonly PersonField[] = [
  'name',
  'surname',
  'fiscalCode',
  'birthDate',
  'relationship',
];

export type PersonErrors = Partial<Record<PersonField, MessageDescriptor>>;
export interface SignerErrors {
  other?: PersonErrors;
  second?: PersonErrors;
}

export const REQUIRED = msg`Campo obbligatorio`;
const INVALID_FISCAL_CODE = msg`Codice fiscale non valido`;
const INVALID_BIRTH_DATE = msg`Data di nascita non valida`;

function validDate(text: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(text) &&
    text <= today &&
    text >= '1900-01-01'
  );
}

export function validatePerson(person: SignerPerson, today: string): PersonErrors {
  const errors: PersonErrors = {};
  for (const field of PERSON_FIELDS) if (person[field].trim() === '') errors[field] = REQUIRED;
  if (!errors.fiscalCode && !v.is(FiscalCode, person.fiscalCode.trim()))
    errors.fiscalCode = INVALID_FISCAL_CODE;
  if (!errors.birthDate && !validDate(person.birthDate, today)) errors.birthDate = INVALID_BIRTH_DATE;
  return errors;
}

/** Errors by person; an empty object means the signer can continue. */
export function validateSigner(
  signer: SignerDraft,
  today = new Date().toISOString().slice(0, 10),
): SignerErrors {
  if (signer.type === 'self') return {};
  const errors: SignerErrors = {};
  const other = validatePerson(signer.other, today);
  if (Object.keys(other).length > 0) errors.other = other;
  if (signer.hasSecond) {
    const second = validatePerson(signer.second, today);
    if (Object.keys(second).length > 0) errors.second = second;
  }
  return errors;
}

export function hasErrors(errors: SignerErrors): boolean {
  return errors.other !== undefined || errors.second !== undefined;
}

/** The contract's signer (`ConsentSigner`) from the draft: trimmed, fiscal code upper-case. */
export function signerPayload(signer: SignerDraft): {
  type: 'self' | 'other';
  other?: SignerPerson;
  second?: SignerPerson;
} {
  if (signer.type === 'self') return { type: 'self' };
  const clean = (person: SignerPerson): SignerPerson => ({
    name: person.name.trim(),
    surname: person.surname.trim(),
    fiscalCode: person.fiscalCode.trim().toUpperCase(),
    birthDate: person.birthDate,
    relationship: person.relationship.trim(),
  });
  return signer.hasSecond
    ? { type: 'other', other: clean(signer.other), second: clean(signer.second) }
    : { type: 'other', other: clean(signer.other) };
}
