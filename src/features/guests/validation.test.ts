import { describe, expect, it } from 'vitest';
import { emptyDraft, flowIdOf, type GuestDraft, stepsOf } from './draft';
import { deadlineBounds, stepOfField, validateStep } from './validation';

const now = new Date(2026, 10, 22, 10, 0);
const draft = (change: Partial<GuestDraft> = {}): GuestDraft => ({
  ...emptyDraft(),
  relationship: 'son',
  accessTitle: 'delegation',
  deadline: '2026-12-22',
  rights: ['download'],
  documentIds: [1, 2],
  person: {
    name: 'Laura',
    surname: "D'Amico",
    fiscalCode: 'BNCLRA90A41H501X',
    mobilePhone: '+39 333 9876543',
    email: 'laura@example.it',
  },
  ...change,
});
const messageOf = (errors: ReturnType<typeof validateStep>, field: string): string | undefined =>
  errors[field]?.message;

describe('guest wizard validation', () => {
  it('accepts a complete draft on every step', () => {
    for (const step of stepsOf(draft())) expect([step, validateStep(step, draft(), now)]).toEqual([step, {}]);
  });

  it('asks for the relationship and the access title', () => {
    expect(messageOf(validateStep('relationship', draft({ relationship: '' }), now), 'relationship')).toBe(
      'Scegli la relazione con la persona',
    );
    expect(messageOf(validateStep('accessTitle', draft({ accessTitle: '' }), now), 'accessTitle')).toBe(
      'Scegli il titolo di accesso',
    );
  });

  it('takes a deadline from tomorrow to five years ahead', () => {
    expect(deadlineBounds(now)).toEqual({ min: '2026-11-23', max: '2031-11-22' });
    expect(messageOf(validateStep('deadline', draft({ deadline: '' }), now), 'deadline')).toBe(
      'Campo obbligatorio',
    );
    for (const deadline of ['2026-11-22', '2031-11-23'])
      expect(validateStep('deadline', draft({ deadline }), now).deadline).toBeDefined();
    for (const deadline of ['2026-11-23', '2031-11-22'])
      expect(validateStep('deadline', draft({ deadline }), now)).toEqual({});
  });

  it('needs a shared document unless the whole dossier is granted', () => {
    expect(messageOf(validateStep('documents', draft({ documentIds: [] }), now), 'documents')).toBe(
      'Seleziona almeno un documento',
    );
    expect(validateStep('documents', draft({ documentIds: [], rights: ['dossier'] }), now)).toEqual({});
  });

  it("checks the person's fields with translated messages, one per field", () => {
    const person = { name: '', surname: 'B4', fiscalCode: 'ABC', mobilePhone: '12', email: 'laura@' };
    const errors = validateStep('person', draft({ person }), now);
    expect(
      Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message])),
    ).toEqual({
      name: 'Campo obbligatorio',
      surname: 'Usa solo lettere, spazi, apostrofi e trattini',
      fiscalCode: 'Codice fiscale non valido',
      mobilePhone: 'Numero di cellulare non valido',
      email: 'Inserisci una Email valida.',
    });
  });

  it("leaves the person out of an edit, and maps the server's fields to their steps", () => {
    expect(stepsOf({ mode: 'edit' })).not.toContain('person');
    expect(stepOfField('person.email')).toBe('person');
    expect(stepOfField('documentIds')).toBe('documents');
    expect(stepOfField('deadline')).toBe('deadline');
  });

  it('gives the same flow id to the same answers only', () => {
    expect(flowIdOf(draft())).toBe(flowIdOf(draft({ step: 'person' })));
    expect(flowIdOf(draft())).not.toBe(flowIdOf(draft({ rights: [] })));
  });
});
