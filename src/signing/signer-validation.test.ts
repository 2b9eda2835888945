import { describe, expect, it } from 'vitest';
import type { SignerDraft } from './draft';
import { EMPTY_PERSON, SELF_SIGNER } from './draft';
import { hasErrors, signerPayload, validateSigner } from './signer-validation';

const ANNA = {
  name: ' Anna ',
  surname: 'Verdi',
  fiscalCode: 'vrdnna80a41f205u',
  birthDate: '1980-01-01',
  relationship: 'PARENT',
};
const TODAY = '2026-11-22';

describe('validateSigner', () => {
  it('needs nothing for a self signer', () => {
    expect(hasErrors(validateSigner(SELF_SIGNER, TODAY))).toBe(false);
  });

  it('marks every empty field of another signer as required', () => {
    const errors = validateSigner({ ...SELF_SIGNER, type: 'other' }, TODAY);
    expect(Object.keys(errors.other ?? {}).sort()).toEqual(
      ['birthDate', 'fiscalCode', 'name', 'relationship', 'surname'].sort(),
    );
    expect(errors.other?.name?.message).toBe('Campo obbligatorio');
  });

  it('refuses a malformed fiscal code and a future or impossible birth date', () => {
    const signer: SignerDraft = {
      ...SELF_SIGNER,
      type: 'other',
      other: { ...ANNA, fiscalCode: 'ABC', birthDate: '2027-01-01' },
    };
    const errors = validateSigner(signer, TODAY);
    expect(errors.other?.fiscalCode?.message).toBe('Codice fiscale non valido');
    expect(errors.other?.birthDate?.message).toBe('Data di nascita non valida');
    const feb30 = validateSigner({ ...signer, other: { ...ANNA, birthDate: '1980-02-30' } }, TODAY);
    expect(feb30.other?.birthDate).toBeDefined();
    expect(feb30.other?.fiscalCode).toBeUndefined();
  });

  it('checks the second signer only once added', () => {
    const signer: SignerDraft = { type: 'other', other: ANNA, hasSecond: false, second: EMPTY_PERSON };
    expect(hasErrors(validateSigner(signer, TODAY))).toBe(false);
    const withSecond = validateSigner({ ...signer, hasSecond: true }, TODAY);
    expect(withSecond.other).toBeUndefined();
    expect(withSecond.second?.surname?.message).toBe('Campo obbligatorio');
  });

  it('sends trimmed data with the fiscal code upper-case', () => {
    const signer: SignerDraft = { type: 'other', other: ANNA, hasSecond: false, second: EMPTY_PERSON };
    expect(signerPayload(signer)).toEqual({
      type: 'other',
      other: { ...ANNA, name: 'Anna', fiscalCode: 'VRDNNA80A41F205U' },
    });
    expect(signerPayload(SELF_SIGNER)).toEqual({ type: 'self' });
  });
});
