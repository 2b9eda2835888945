/**
 * The guest wizard's draft: the answers of every step, kept in local storage per user so closing the app
 * loses nothing. It never holds a secret (the PIN and the SMS code live in the signing wizard's memory).
 */
import * as v from 'valibot';
import { AccessTitleCode, GuestRelationship, GuestRight } from '../../contract/guests';
import type { PersistentAtom } from '../../state/storage';
import { userScopedAtoms } from '../../state/storage';

export const STEPS = ['relationship', 'accessTitle', 'deadline', 'rights', 'documents', 'person'] as const;
export type GuestStep = (typeof STEPS)[number];

const Text = v.string();
export const GuestDraft = v.object({
  mode: v.picklist(['create', 'edit']),
  guestId: v.nullable(v.number()),
  step: v.picklist(STEPS),
  relationship: v.union([GuestRelationship, v.literal('')]),
  accessTitle: v.union([AccessTitleCode, v.literal('')]),
  deadline: Text,
  rights: v.array(GuestRight),
  documentIds: v.array(v.number()),
  /** Titles of the chosen documents, for the summary without reloading the dossier. */
  documentTitles: v.record(v.string(), v.string()),
  person: v.object({ name: Text, surname: Text, fiscalCode: Text, mobilePhone: Text, email: Text }),
});
export type GuestDraft = v.InferOutput<typeof GuestDraft>;

export function emptyDraft(): GuestDraft {
  return {
    mode: 'create',
    guestId: null,
    step: 'relationship',
    relationship: '',
    accessTitle: '',
    deadline: '',
    rights: [],
    documentIds: [],
    documentTitles: {},
    person: { name: '', surname: '', fiscalCode: '', mobilePhone: '', email: '' },
  };
}

/** The steps of this draft: an edit keeps the person it was made for. */
export function stepsOf(draft: Pick<GuestDraft, 'mode'>): readonly GuestStep[] {
  return draft.mode === 'edit' ? STEPS.filter((step) => step !== 'person') : STEPS;
}

export const guestDraftAtom: (userKey: string) => PersistentAtom<GuestDraft | null> = userScopedAtoms(
  'guestDraft:',
  GuestDraft,
);

/** Same answers, same flow id: the signing wizard resumes its draft only for the authorisation it prepared. */
export function flowIdOf(draft: GuestDraft): string {
  const { step: _step, documentTitles: _titles, ...answers } = draft;
  let hash = 0;
  for (const char of JSON.stringify(answers)) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return `guest:${draft.mode}:${draft.guestId ?? 'new'}:${(hash >>> 0).toString(36)}`;
}
