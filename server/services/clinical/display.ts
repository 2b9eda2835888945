import type { Language } from '../language';
import type { ObservationRow } from './record';

/** A clinical row's display in the caller's language. */
export const displayOf = (row: { displayIt: string; displayEn: string }, language: Language): string =>
  language === 'en' ? row.displayEn : row.displayIt;

/** HL7 v3 ObservationInterpretation's codes for a value against its range: high, low, normal. */
export type Interpretation = 'H' | 'L' | 'N';

/** High, low or normal against the reference range; none without a range. */
export function interpretationOf(row: ObservationRow): Interpretation | null {
  if (row.referenceHigh !== null && row.value > row.referenceHigh) return 'H';
  if (row.referenceLow !== null && row.value < row.referenceLow) return 'L';
  return row.referenceLow === null && row.referenceHigh === null ? null : 'N';
}
