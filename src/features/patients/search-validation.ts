/** The advanced search form's rules: one complete way of identifying a person (spec section 5). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as v from 'valibot';
import { FiscalCode } from '../../contract/patient';
import type { MepiSearch } from './api';

export type SearchMode = MepiSearch['by'];

export interface SearchForm {
  mode: SearchMode;
  fiscalCode: string;
  surname: string;
  name: string;
  birthDate: string;
  identifierType: string;
  identifierValue: string;
}

export type SearchField = Exclude<keyof SearchForm, 'mode'>;
export type SearchErrors = Partial<Record<SearchField, MessageDescriptor>>;

export const EMPTY_SEARCH: SearchForm = {
  mode: 'fiscalCode',
  fiscalCode: '',
  surname: '',
  name: '',
  birthDate: '',
  identifierType: '',
  identifierValue: '',
};

export const REQUIRED_FIELDS: Readonly<Record<SearchMode, readonly SearchField[]>> = {
  fiscalCode: ['fiscalCode'],
  person: ['surname', 'name', 'birthDate'],
  identifier: ['identifierType', 'identifierValue'],
};

const REQUIRED = msg`Campo obbligatorio`;
const BAD_FISCAL_CODE = msg`Il codice fiscale deve avere 16 caratteri nel formato RSSMRA58C14F205X`;
const BAD_DATE = msg`Data non valida`;

/** Errors by field, or the search to run when there are none. */
export function validateSearch(form: SearchForm): { errors: SearchErrors; search: MepiSearch | null } {
  const errors: SearchErrors = {};
  for (const field of REQUIRED_FIELDS[form.mode]) {
    if (!form[field].trim()) errors[field] = REQUIRED;
  }
  const fiscalCode = form.fiscalCode.trim().toUpperCase();
  if (form.mode === 'fiscalCode' && fiscalCode && !v.is(FiscalCode, fiscalCode)) {
    errors.fiscalCode = BAD_FISCAL_CODE;
  }
  if (form.mode === 'person' && form.birthDate && !/^\d{4}-\d{2}-\d{2}$/.test(form.birthDate)) {
    errors.birthDate = BAD_DATE;
  }
  if (Object.keys(errors).length > 0) return { errors, search: null };
  switch (form.mode) {
    case 'fiscalCode':
      return { errors, search: { by: 'fiscalCode', fiscalCode } };
    case 'person':
      return {
        errors,
        search: {
          by: 'person',
          surname: form.surname.trim(),
          name: form.name.trim(),
          birthDate: form.birthDate,
        },
      };
    case 'identifier':
      return {
        errors,
        search: {
          by: 'identifier',
          identifierType: form.identifierType,
          identifierValue: form.identifierValue.trim(),
        },
      };
  }
}
