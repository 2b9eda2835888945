import type { SurveyStatus } from '../../../src/contract';

/** The stored state, or EXPIRED for a card still open after its due date (Italian calendar). */
export function statusOf(state: string, dueDate: string, today: string): SurveyStatus {
  const stored = state as Exclude<SurveyStatus, 'EXPIRED'>;
  if ((stored === 'TODO' || stored === 'DRAFT') && dueDate < today) return 'EXPIRED';
  return stored;
}
