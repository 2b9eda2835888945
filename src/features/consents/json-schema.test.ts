import { describe, expect, it } from 'vitest';
import {
  cleanAnswers,
  initialAnswers,
  isRequired,
  localise,
  parseFormSchema,
  validateAnswers,
} from './json-schema';

const CT = {
  type: 'object',
  title: { it: 'TC con mezzo di contrasto', en: 'Contrast-enhanced CT' },
  required: ['allergies', 'informationUnderstood'],
  properties: {
    allergies: {
      type: 'string',
      title: { it: 'Allergie', en: 'Allergies' },
      oneOf: [
        { const: 'no', title: { it: 'No', en: 'No' } },
        { const: 'yes', title: { it: 'Sì', en: 'Yes' } },
      ],
    },
    allergyDetails: { type: 'string', maxLength: 5, title: 'Quali allergie' },
    phone: { type: 'string', pattern: '^\\+?[0-9 ]{6,20}$', title: 'Telefono' },
    emergencyAccess: { type: 'boolean', default: true, title: 'Emergenza' },
    informationUnderstood: { type: 'boolean', const: true, title: 'Ho compreso' },
    ignored: { type: 'array' },
  },
  if: { properties: { allergies: { const: 'yes' } }, required: ['allergies'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own keyword
  then: { required: ['allergyDetails'] },
};

describe('model forms from JSON Schema', () => {
  it('reads fields, defaults and titles in the chosen language', () => {
    const form = parseFormSchema(JSON.stringify(CT));
    expect(form.fields.map((field) => `${field.name}:${field.kind}`)).toEqual([
      'allergies:choice',
      'allergyDetails:text',
      'phone:text',
      'emergencyAccess:boolean',
      'informationUnderstood:boolean',
    ]);
    expect(localise(form.title, 'en')).toBe('Contrast-enhanced CT');
    expect(localise(form.title, 'fr')).toBe('TC con mezzo di contrasto');
    expect(initialAnswers(form)).toEqual({ emergencyAccess: true, informationUnderstood: false });
  });

  it('requires required fields, a ticked const box, and a field whose condition holds', () => {
    const form = parseFormSchema(CT);
    const empty = validateAnswers(form, initialAnswers(form));
    expect(Object.keys(empty).sort()).toEqual(['allergies', 'informationUnderstood']);
    expect(empty.allergies?.message).toBe('Campo obbligatorio');
    expect(isRequired(form, 'allergyDetails', { allergies: 'no' })).toBe(false);
    const yes = validateAnswers(form, { allergies: 'yes', informationUnderstood: true });
    expect(Object.keys(yes)).toEqual(['allergyDetails']);
    expect(validateAnswers(form, { allergies: 'no', informationUnderstood: true })).toEqual({});
  });

  it('refuses values outside the schema and drops empty optional texts', () => {
    const form = parseFormSchema(CT);
    const errors = validateAnswers(form, {
      allergies: 'maybe',
      allergyDetails: 'toolong',
      phone: 'abc',
      informationUnderstood: true,
    });
    expect(Object.keys(errors).sort()).toEqual(['allergies', 'allergyDetails', 'phone']);
    expect(errors.phone?.message).toBe('Valore non valido');
    expect(
      cleanAnswers(form, {
        allergies: 'no',
        phone: '  ',
        emergencyAccess: false,
        informationUnderstood: true,
      }),
    ).toEqual({
      allergies: 'no',
      emergencyAccess: false,
      informationUnderstood: true,
    });
  });

  it('throws on a schema it cannot render', () => {
    expect(() => parseFormSchema('{"type":"array"}')).toThrow();
    expect(() => parseFormSchema('not json')).toThrow();
  });
});
