import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import { checkDraft, draftOf, fieldsOf, newDraft, parseNumber } from './reading-draft';

const NOW = new Date('2026-12-07T10:30:00');
const text = (problems: ReturnType<typeof checkDraft>) =>
  Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, i18n._(message)]));

beforeEach(async () => {
  await changeLocale('it');
});

describe('the reading draft', () => {
  it('starts now, as a blood pressure', () => {
    expect(newDraft(NOW)).toMatchObject({ kind: 'blood-pressure', date: '2026-12-07', time: '10:30' });
  });

  it('reads Italian and English decimals and tells a number from anything else', () => {
    expect(parseNumber('72,5')).toBe(72.5);
    expect(parseNumber(' 72.5 ')).toBe(72.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('72kg')).toBeNaN();
  });

  it("sends only the kind's own values, the time in ISO", () => {
    const draft = { ...newDraft(NOW, 'weight'), value: '80,4', systolic: '120', note: '  dopo cena ' };
    expect(fieldsOf(draft)).toEqual({
      kind: 'weight',
      takenAt: new Date('2026-12-07T10:30:00').toISOString(),
      systolic: null,
      diastolic: null,
      value: 80.4,
      note: 'dopo cena',
    });
  });

  it('checks with the shared rules, in words that say the range', () => {
    const pressure = { ...newDraft(NOW), systolic: '300', diastolic: '' };
    expect(text(checkDraft(pressure, NOW))).toEqual({
      systolic: 'Inserisci un valore tra 50 e 260 mmHg',
      diastolic: 'Campo obbligatorio',
    });
    const inverted = { ...newDraft(NOW), systolic: '80', diastolic: '120' };
    expect(text(checkDraft(inverted, NOW))).toEqual({
      diastolic: 'La minima deve essere più bassa della massima',
    });
    expect(text(checkDraft({ ...newDraft(NOW, 'glucose'), value: 'tanto' }, NOW))).toEqual({
      value: 'Scrivi un numero, per esempio 72,5',
    });
    expect(checkDraft({ ...newDraft(NOW), systolic: '135', diastolic: '85' }, NOW)).toEqual({});
    expect(text(checkDraft(newDraft(NOW, 'note'), NOW))).toEqual({ note: 'Campo obbligatorio' });
  });

  it('refuses a time in the future and a blank date', () => {
    const future = { ...newDraft(NOW, 'heart-rate'), value: '70', time: '11:00' };
    expect(text(checkDraft(future, NOW))).toEqual({
      takenAt: 'La data non può essere nel futuro né più vecchia di 10 anni',
    });
    const blank = { ...newDraft(NOW, 'heart-rate'), value: '70', date: '' };
    expect(text(checkDraft(blank, NOW))).toEqual({ takenAt: 'Campo obbligatorio' });
  });

  it('fills the form from a reading in the language of the screen', () => {
    const reading = {
      id: 3,
      kind: 'weight' as const,
      takenAt: new Date('2026-12-01T08:05:00').toISOString(),
      systolic: null,
      diastolic: null,
      value: 72.5,
      note: null,
      version: 1,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      editable: true,
    };
    expect(draftOf(reading, 'it')).toMatchObject({
      value: '72,5',
      date: '2026-12-01',
      time: '08:05',
      note: '',
    });
    expect(draftOf(reading, 'en').value).toBe('72.5');
  });
});
