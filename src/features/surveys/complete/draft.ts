/**
 * The answers being typed, kept in local storage per user and survey as they change, so a session
 * timeout or a closed tab loses nothing even before the server has the draft (it gets it at each step).
 */
import * as v from 'valibot';
import { ResponseItem } from '../../../contract/surveys';
import type { PersistentAtom } from '../../../state/storage';
import { DRAFT_KEY_PREFIX, userScopedAtoms } from '../../../state/storage';

export const SurveyDraft = v.object({ items: v.array(ResponseItem), step: v.number() });
export type SurveyDraft = v.InferOutput<typeof SurveyDraft>;

/** `scope` is `<user id>:<survey id>`. */
export const surveyDraftAtom: (scope: string) => PersistentAtom<SurveyDraft | null> = userScopedAtoms(
  `${DRAFT_KEY_PREFIX}survey:`,
  SurveyDraft,
);
