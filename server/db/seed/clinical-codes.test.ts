import { describe, expect, it } from 'vitest';
import { atcValid, icd9cmValid, loincValid, snomedConceptValid } from '../../../tests/support/code-systems';
import { diagnosisCodes, hba1cTest, labCodes, ucumOf, unitlessUcum } from './clinical.data';
import {
  conditionsOf,
  medicationsOf,
  parseItalianNumber,
  parseRange,
  type SourceDocument,
} from './clinical-derive';
import { therapyCodes } from './clinical-medicines.data';
import { allergySubstances, vaccines } from './clinical-registry.data';
import { clinicalByUnit, labPanels } from './documents.data';

describe('clinical codes', () => {
  it('check digits tell real codes from near misses', () => {
    expect(['2345-7', '4548-4', '59261-8', '6690-2', '30341-2'].every(loincValid)).toBe(true);
    expect(['2345-8', '4548-5', '59261', '6690-22'].some(loincValid)).toBe(false);
    expect(['44054006', '1181000221105', '764146007'].every(snomedConceptValid)).toBe(true);
    // A wrong check digit, a wrong digit, two swapped digits, a description id's partition (01).
    expect(['44054007', '45054006', '44045006', '44054016'].some(snomedConceptValid)).toBe(false);
    expect(['A10BA02', 'J07BN01'].every(atcValid) && !atcValid('A10BA2')).toBe(true);
    expect(['250.00', '486', 'V10.05', '427.31'].every(icd9cmValid) && !icd9cmValid('E11.9')).toBe(true);
  });

  it('codes every lab test, diagnosis and medicine the demo documents print', () => {
    for (const test of [...labPanels.flatMap((panel) => panel.tests), hba1cTest]) {
      expect(labCodes[test.name], test.name).toBeDefined();
      expect(test.unit === '' ? unitlessUcum[test.name] : ucumOf[test.unit], test.name).toBeDefined();
    }
    for (const clinical of Object.values(clinicalByUnit)) {
      for (const diagnosis of clinical.diagnoses) expect(diagnosisCodes[diagnosis], diagnosis).toBeDefined();
      for (const therapy of clinical.therapies) {
        const code = therapyCodes[therapy];
        expect(code && `${code.medication} ${code.dosage}`, therapy).toBe(therapy);
      }
    }
  });

  it('every code has the shape and check digit of its system', () => {
    const loinc = Object.values(labCodes).map((code) => code.loinc);
    const snomed = [
      ...Object.values(diagnosisCodes).map((code) => code.snomed),
      ...allergySubstances.map((substance) => substance.snomed),
      ...Object.values(vaccines).map((vaccine) => vaccine.snomed),
    ];
    const atc = [
      ...Object.values(therapyCodes).map((code) => code.atc),
      ...Object.values(vaccines).map((vaccine) => vaccine.atc),
    ];
    expect(loinc.filter((code) => !loincValid(code))).toEqual([]);
    expect(snomed.filter((code) => !snomedConceptValid(code))).toEqual([]);
    expect(atc.filter((code) => !atcValid(code))).toEqual([]);
    expect(Object.values(vaccines).every((vaccine) => vaccine.atc.startsWith('J07'))).toBe(true);
    expect(Object.values(diagnosisCodes).filter((code) => !icd9cmValid(code.icd9cm))).toEqual([]);
  });
});

describe('clinical derivation', () => {
  const now = new Date('2026-11-28T00:00:00Z');
  const letter = (id: number, daysAgo: number, duration: string): SourceDocument => ({
    id,
    patientId: 1,
    type: 'DIM',
    createdAt: new Date(now.getTime() - daysAgo * 24 * 3600 * 1000),
    content: {
      kind: 'discharge',
      sections: [
        {
          heading: 'Anamnesi',
          paragraphs: ['Ipertensione arteriosa in terapia. Non allergie note. Ex fumatore.'],
        },
        { heading: 'Diagnosi di dimissione', paragraphs: ['Polmonite comunitaria'] },
        {
          heading: 'Terapia alla dimissione',
          table: {
            columns: ['Farmaco e posologia', 'Durata'],
            rows: [['Metformina 1000 mg 1 cp x 2/die', duration]],
          },
        },
      ],
    },
  });

  it('reads Italian numbers and ranges, and nothing else', () => {
    expect([parseItalianNumber('5,2'), parseItalianNumber('140'), parseItalianNumber('1.000')]).toEqual([
      5.2,
      140,
      null,
    ]);
    expect(parseRange('0,80 - 1,20')).toEqual({ low: 0.8, high: 1.2 });
    expect(parseRange('< 5')).toEqual({ low: null, high: null });
  });

  it('keeps a chronic medicine active for a year after its letter, and ends a course after its days', () => {
    const statuses = [
      letter(1, 100, 'cronica'),
      letter(2, 500, 'cronica'),
      letter(3, 20, '30 giorni'),
      letter(4, 40, '30 giorni'),
    ]
      .flatMap((doc) => medicationsOf(doc, now))
      .map((row) => [row.documentId, row.status, row.endDate]);
    expect(statuses).toEqual([
      [1, 'active', null],
      [2, 'completed', null],
      [3, 'active', '2026-12-08'],
      [4, 'completed', '2026-11-18'],
    ]);
  });

  it('states a chronic problem once, from its first letter, and each episode apart', () => {
    const rows = conditionsOf([letter(2, 10, 'cronica'), letter(1, 400, 'cronica')], now);
    expect(rows.map((row) => [row.documentId, row.icd9cmCode, row.clinicalStatus])).toEqual([
      [1, '486', 'resolved'],
      [1, '401.9', 'active'],
      [2, '486', 'active'],
    ]);
  });
});
