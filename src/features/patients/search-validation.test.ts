import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, validateSearch } from './search-validation';

const ids = (errors: object): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).map(([key, value]: [string, { message?: string }]) => [key, value.message ?? '']),
  );

describe('advanced patient search rules', () => {
  it('requires the fiscal code and checks its shape', () => {
    expect(ids(validateSearch(EMPTY_SEARCH).errors)).toEqual({ fiscalCode: 'Campo obbligatorio' });
    const bad = validateSearch({ ...EMPTY_SEARCH, fiscalCode: 'RSSMRA58' });
    expect(bad.search).toBeNull();
    expect(bad.errors.fiscalCode?.message).toMatch(/16 caratteri/);
    expect(validateSearch({ ...EMPTY_SEARCH, fiscalCode: ' rssmra58c14f205x ' }).search).toEqual({
      by: 'fiscalCode',
      fiscalCode: 'RSSMRA58C14F205X',
    });
  });

  it('requires surname, name and birth date together', () => {
    const partial = validateSearch({ ...EMPTY_SEARCH, mode: 'person', surname: 'Rossi' });
    expect(Object.keys(partial.errors).sort()).toEqual(['birthDate', 'name']);
    expect(
      validateSearch({
        ...EMPTY_SEARCH,
        mode: 'person',
        surname: 'Rossi',
        name: 'Mario',
        birthDate: '1958-03-14',
      }).search,
    ).toEqual({ by: 'person', surname: 'Rossi', name: 'Mario', birthDate: '1958-03-14' });
  });

  it('requires the identifier type and value together', () => {
    const partial = validateSearch({ ...EMPTY_SEARCH, mode: 'identifier', identifierValue: 'X1' });
    expect(Object.keys(partial.errors)).toEqual(['identifierType']);
  });
});
