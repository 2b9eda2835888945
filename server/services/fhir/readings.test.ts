import { describe, expect, it } from 'vitest';
import { validationErrors } from '../../test/fixtures/fhir-validation';
import { readingObservation } from './readings';
import { entryId } from './systems';

const context = {
  language: 'en' as const,
  patient: entryId('0d9f3c3e-7c1b-4d39-9a43-5b9f0c3f2a11'),
  organization: entryId('9a1f4b2c-2d3e-4f50-8a6b-7c8d9e0f1a2b'),
};
const row = (fields: Partial<Parameters<typeof readingObservation>[0]>) => ({
  id: 7,
  patientId: 1,
  authorId: 2,
  kind: 'weight',
  takenAt: new Date('2026-12-01T07:30:00Z'),
  systolic: null,
  diastolic: null,
  value: null,
  note: null,
  version: 1,
  createdAt: new Date('2026-12-01T07:31:00Z'),
  updatedAt: new Date('2026-12-01T07:31:00Z'),
  deletedAt: null,
  ...fields,
});

describe('readingObservation', () => {
  it('says a blood pressure as the panel with its two components, performed by the patient', () => {
    const observation = readingObservation(
      row({ kind: 'blood-pressure', systolic: 135, diastolic: 85, version: 2 }),
      entryId('4b6e1d2a-3c4f-4a5b-8c7d-9e0f1a2b3c4d'),
      context,
    );
    expect(validationErrors(observation)).toEqual([]);
    expect(observation.status).toBe('amended');
    expect(observation.performer).toEqual([{ reference: context.patient.fullUrl }]);
    expect(observation.code.coding?.[0]?.code).toBe('85354-9');
    expect(
      observation.component?.map((part) => [part.code.coding?.[0]?.code, part.valueQuantity?.value]),
    ).toEqual([
      ['8480-6', 135],
      ['8462-4', 85],
    ]);
  });
  it('says a weight in UCUM and a note as a string', () => {
    const weight = readingObservation(
      row({ value: 72.5, note: 'after breakfast' }),
      entryId('5c7f2e3b-4d5a-4b6c-9d8e-0f1a2b3c4d5e'),
      context,
    );
    expect(validationErrors(weight)).toEqual([]);
    expect(weight.valueQuantity).toEqual({
      value: 72.5,
      unit: 'kg',
      system: 'http://unitsofmeasure.org',
      code: 'kg',
    });
    expect(weight.note).toEqual([{ text: 'after breakfast' }]);
    const note = readingObservation(
      row({ kind: 'note', note: 'Dizzy this morning' }),
      entryId('6d8a3f4c-5e6b-4c7d-8e9f-1a2b3c4d5e6f'),
      context,
    );
    expect(validationErrors(note)).toEqual([]);
    expect(note.valueString).toBe('Dizzy this morning');
    expect(note.category?.[0]?.coding?.[0]?.code).toBe('survey');
  });
});
