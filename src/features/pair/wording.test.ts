import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en/messages.po';
import { messages as it_ } from '../../../locales/it/messages.po';
import { measureText, quantityText, rangeText, seriesText, thresholdText } from './wording';

const italian = setupI18n({ locale: 'it', messages: { it: it_ } });
const english = setupI18n({ locale: 'en', messages: { en } });

describe('counted quantities follow the plural rules', () => {
  it('says one day, not "1 giorni", in both languages', () => {
    expect(quantityText(italian, 1, 'd', 'giorni')).toBe('1 giorno');
    expect(quantityText(italian, 2, 'd', 'giorni')).toBe('2 giorni');
    expect(quantityText(english, 1, 'd', 'days')).toBe('1 day');
    expect(quantityText(english, 3, 'min', 'minutes')).toBe('3 minutes');
    expect(quantityText(italian, 1, 'h', 'ore')).toBe('1 ora');
    expect(quantityText(italian, 1, 'm', 'metri')).toBe('1 metro');
    // A unit the portal does not count keeps the vocabulary's word.
    expect(quantityText(italian, 1, 'xx', 'unità')).toBe('1 unità');
  });

  it('counts series and repetitions', () => {
    expect(seriesText(italian, 1, 1)).toBe('1 serie da 1 ripetizione');
    expect(seriesText(italian, 3, 10)).toBe('3 serie da 10 ripetizioni');
    expect(seriesText(english, 1, 12)).toBe('1 set of 12 repetitions');
  });
});

describe('thresholds and ranges in words', () => {
  const berg = { name: 'Scala di Berg', unit: '0-56', green: 45, red: 30 };

  it('says what each PRIpri colour means, not the raw numbers', () => {
    expect(thresholdText(italian, berg)).toBe(
      'Scala di Berg (da 0 a 56): verde (buono) da 45 in su, giallo tra 30 e 45, rosso sotto 30',
    );
    expect(thresholdText(english, { ...berg, name: 'Berg balance scale' })).toBe(
      'Berg balance scale (0 to 56): green (good) from 45 up, yellow between 30 and 45, red below 30',
    );
    expect(thresholdText(italian, { name: 'Test del cammino', unit: 'm', green: 300, red: 300 })).toBe(
      'Test del cammino: verde (buono) da 300 m in su, rosso sotto 300 m',
    );
  });

  it('puts the unit after the value, never a scale range', () => {
    expect(rangeText(italian, { name: 'Frequenza cardiaca', unit: 'bpm', min: 60, max: 120 })).toBe(
      'Frequenza cardiaca tra 60 e 120 bpm',
    );
    expect(rangeText(english, { name: 'Oxygen saturation', unit: '%', min: 92, max: 100 })).toBe(
      'Oxygen saturation between 92% and 100%',
    );
    expect(measureText(45, '0-56')).toBe('45');
    expect(measureText(30, '°')).toBe('30°');
  });
});
