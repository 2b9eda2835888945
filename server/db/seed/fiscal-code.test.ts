import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FiscalCode } from '../../../src/contract';
import { checkCharacter, fiscalCode } from './fiscal-code';

describe('fiscalCode', () => {
  it('computes the well-known example of Mario Rossi', () => {
    expect(
      fiscalCode({
        name: 'Mario',
        surname: 'Rossi',
        sex: 'M',
        birthDate: '1985-12-10',
        birthPlaceCode: 'A562',
      }),
    ).toBe('RSSMRA85T10A562S');
  });

  it('adds 40 to the day for women and takes the 1st, 3rd and 4th consonant of a long name', () => {
    const code = fiscalCode({
      name: 'Francesca',
      surname: 'De Luca',
      sex: 'F',
      birthDate: '1990-03-05',
      birthPlaceCode: 'F205',
    });
    expect(code.slice(0, 11)).toBe('DLCFNC90C45');
    expect(v.safeParse(FiscalCode, code).success).toBe(true);
  });

  it('pads short surnames with X', () => {
    expect(
      fiscalCode({ name: 'Bo', surname: 'Fo', sex: 'M', birthDate: '2001-01-01', birthPlaceCode: 'H501' }),
    ).toMatch(/^FOXBOX01A01H501[A-Z]$/);
  });

  it('check character changes when a character changes', () => {
    expect(checkCharacter('RSSMRA85T10A562')).toBe('S');
    expect(checkCharacter('RSSMRA85T11A562')).not.toBe('S');
  });
});
