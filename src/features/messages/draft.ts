/**
 * The message being written, kept in local storage per user so closing the app (or a failed send) loses
 * nothing. Its attachment is kept beside it (draft-file.ts).
 */
import * as v from 'valibot';
import type { PersistentAtom } from '../../state/storage';
import { DRAFT_KEY_PREFIX, userScopedAtoms } from '../../state/storage';

export const MessageDraft = v.object({
  recipientIds: v.array(v.number()),
  subject: v.string(),
  body: v.string(),
  replyToId: v.nullable(v.number()),
  /** The patient the message is about (staff), null for the caller's own. */
  patientId: v.nullable(v.number()),
  /** That patient's name as the search showed it (absent: shown from the recipients once loaded). */
  patientName: v.optional(v.nullable(v.string())),
  /** People of the conversation being answered, offered beside the usual recipients. */
  threadPeople: v.array(v.object({ id: v.number(), displayName: v.string() })),
});
export type MessageDraft = v.InferOutput<typeof MessageDraft>;

export const emptyMessageDraft = (patientId: number | null = null): MessageDraft => ({
  recipientIds: [],
  subject: '',
  body: '',
  replyToId: null,
  patientId,
  threadPeople: [],
});

/** Nothing worth keeping was typed or chosen (a patient found by searching is worth keeping). */
export const isBlank = (draft: MessageDraft): boolean =>
  draft.recipientIds.length === 0 && !draft.subject.trim() && !draft.body.trim() && !draft.patientName;

export const messageDraftAtom: (userKey: string) => PersistentAtom<MessageDraft | null> = userScopedAtoms(
  `${DRAFT_KEY_PREFIX}message:`,
  MessageDraft,
);
