/** The reading kinds as the screens name them, their units, and a reading's values as one line of text. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { READING_CODES, type ReadingKind } from '../../contract/results';

/** In the picker's order: the measurements a patient takes most often first, the free note last. */
export const READING_KINDS: readonly ReadingKind[] = [
  'blood-pressure',
  'glucose',
  'weight',
  'heart-rate',
  'note',
];

export const KIND_LABEL: Readonly<Record<ReadingKind, MessageDescriptor>> = {
  'blood-pressure': msg`Pressione arteriosa`,
  glucose: msg`Glicemia`,
  weight: msg`Peso`,
  'heart-rate': msg`Frequenza cardiaca`,
  note: msg`Nota libera`,
};

export const unitOf = (kind: ReadingKind): string => READING_CODES[kind].unitDisplay;

/** Numbers as the language writes them (72,5 in Italian), at most two decimals. */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'it-IT', { maximumFractionDigits: 2 }).format(
    value,
  );
}

interface Values {
  systolic: number | null;
  diastolic: number | null;
  value: number | null;
}

/** "135/85 mmHg", "72,5 kg"; a note has no value (empty). */
export function readingValueText(kind: ReadingKind, values: Values, locale: string): string {
  const number = (value: number | null): string => (value === null ? '–' : formatNumber(value, locale));
  switch (kind) {
    case 'blood-pressure':
      return `${number(values.systolic)}/${number(values.diastolic)} ${unitOf(kind)}`;
    case 'note':
      return '';
    case 'glucose':
    case 'weight':
    case 'heart-rate':
      return `${number(values.value)} ${unitOf(kind)}`;
  }
}

/** A value of a series as a line: a blood pressure's second value is its diastolic. */
export function seriesValueText(
  value: number,
  secondValue: number | null,
  unit: string,
  locale: string,
): string {
  const main =
    secondValue === null
      ? formatNumber(value, locale)
      : `${formatNumber(value, locale)}/${formatNumber(secondValue, locale)}`;
  return unit ? `${main} ${unit}` : main;
}

/** The mark of a patient's own value: "you" to the patient, "the patient" to everyone else who reads it. */
export const enteredBy = (own: boolean): MessageDescriptor =>
  own ? msg`Inserito da te` : msg`Inserito dal paziente`;
