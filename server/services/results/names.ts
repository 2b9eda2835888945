import type { ReadingKind } from '../../../src/contract/results';

/** The kinds' names where the server writes them (the results list, FHIR's code.text). */
export const readingNames: Record<Exclude<ReadingKind, 'note'>, { it: string; en: string }> = {
  'blood-pressure': { it: 'Pressione arteriosa', en: 'Blood pressure' },
  glucose: { it: 'Glicemia', en: 'Blood glucose' },
  weight: { it: 'Peso corporeo', en: 'Body weight' },
  'heart-rate': { it: 'Frequenza cardiaca', en: 'Heart rate' },
};
