import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en/messages.po';
import { messages as it_ } from '../../../locales/it/messages.po';
import { dayLabel, isInForce, planStatusLook } from './labels';

const italian = setupI18n({ locale: 'it', messages: { it: it_ } });
const english = setupI18n({ locale: 'en', messages: { en } });

describe('care plan wording', () => {
  it('counts reminder days under the plural rules', () => {
    expect(italian._(dayLabel(1))).toBe('1 giorno prima');
    expect(italian._(dayLabel(7))).toBe('7 giorni prima');
    expect(english._(dayLabel(1))).toBe('1 day before');
    expect(english._(dayLabel(2))).toBe('2 days before');
    expect(italian._(dayLabel(0))).toBe('Il giorno stesso');
  });

  it('calls an ACTIVE plan in force only for a participant', () => {
    expect(isInForce({ status: 'ACTIVE', participation: 'participating' })).toBe(true);
    expect(isInForce({ status: 'ACTIVE', participation: 'invited' })).toBe(false);
    expect(italian._(planStatusLook({ status: 'ACTIVE', participation: 'invited' }).label)).toBe(
      'In attesa di adesione',
    );
    expect(english._(planStatusLook({ status: 'ACTIVE', participation: 'participating' }).label)).toBe(
      'In force',
    );
  });
});
