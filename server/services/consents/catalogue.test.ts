import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error';
import {
  allModels,
  consentTitle,
  expiryOf,
  localizeSchema,
  modelOfConsent,
  validateJsonData,
} from './catalogue';

function fieldsOf(modelCode: string, data: unknown): unknown {
  const model = modelOfConsent(modelCode);
  if (!model) throw new Error(modelCode);
  try {
    validateJsonData(model, data);
    return 'valid';
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return error.fields;
  }
}

describe('consent models', () => {
  it('compiles every model schema and localises every title', () => {
    for (const model of allModels()) {
      expect(() => validateJsonData(model, {}), model.modelCode).toThrow(HttpError);
      for (const language of ['it', 'en'] as const) {
        const text = JSON.stringify(localizeSchema(model.jsonSchema, language));
        expect(text, model.modelCode).not.toContain('"it":');
        expect(model.text[language].length).toBeGreaterThan(0);
      }
    }
  });

  it('answers the fields in error with their codes', () => {
    expect(fieldsOf('CONS_DOSSIER', { informationRead: true, sensitiveData: 'include' })).toBe('valid');
    expect(fieldsOf('CONS_DOSSIER', { informationRead: false, sensitiveData: 'maybe', extra: 1 })).toEqual([
      { field: 'jsonData.extra', code: 'unknown' },
      { field: 'jsonData.informationRead', code: 'required' },
      { field: 'jsonData.sensitiveData', code: 'invalid' },
    ]);
    expect(fieldsOf('CONS_DOSSIER', {})).toEqual([
      { field: 'jsonData.informationRead', code: 'required' },
      { field: 'jsonData.sensitiveData', code: 'required' },
    ]);
    const ct = { allergies: 'yes', renalFailure: false, pregnancy: 'no', informationUnderstood: true };
    expect(fieldsOf('CONS_INF_TC_MDC', ct)).toEqual([{ field: 'jsonData.allergyDetails', code: 'required' }]);
    expect(fieldsOf('CONS_INF_TC_MDC', { ...ct, allergyDetails: 'x'.repeat(501) })).toEqual([
      { field: 'jsonData.allergyDetails', code: 'tooLong' },
    ]);
    expect(fieldsOf('CONS_INF_TC_MDC', { ...ct, allergies: 'no' })).toBe('valid');
  });

  it('computes the expiry from the months of validity', () => {
    const cardio = modelOfConsent('CONS_PRJ_CARDIO');
    const dossier = modelOfConsent('CONS_DOSSIER');
    if (!cardio || !dossier) throw new Error('models missing');
    expect(expiryOf(cardio, new Date('2026-01-31T10:00:00Z'))?.toISOString()).toBe(
      '2028-01-31T10:00:00.000Z',
    );
    expect(expiryOf(dossier, new Date())).toBeNull();
  });
});

describe('consentTitle', () => {
  const title = { it: 'Partecipazione al progetto Cuore in Rete', en: 'Heart Network project participation' };
  it("names the project once: not again when the model's title says it already", () => {
    expect(consentTitle({ title }, { name: 'Cuore in Rete' }, 'it')).toBe(
      'Partecipazione al progetto Cuore in Rete',
    );
    expect(consentTitle({ title }, { name: 'Cuore in Rete' }, 'en')).toBe(
      'Heart Network project participation - Cuore in Rete',
    );
    expect(consentTitle({ title }, null, 'it')).toBe('Partecipazione al progetto Cuore in Rete');
  });
});
