/**
 * Messages (spec 3 "Messages", 7 "Messages"): internal mail between a patient (or a guest with the
 * messaging right) and the care team, and between staff about a patient. Limits in docs/decisions.md.
 */
import * as v from 'valibot';
import { EntityId, EntityIdText, IsoDate, IsoTimestamp, Paging } from './common';
import { UserType } from './user';

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;
export const MESSAGE_RECIPIENTS_MAX = 10;
/** Messages one user may send in MESSAGE_RATE_WINDOW_MINUTES. */
export const MESSAGE_RATE_LIMIT = 20;
export const MESSAGE_RATE_WINDOW_MINUTES = 10;

/** Someone a message may be sent to. */
export const MessageRecipient = v.object({
  id: EntityId,
  displayName: v.string(),
  userType: UserType,
  /** The unit of a staff member, if any. */
  unit: v.nullable(v.string()),
});
export type MessageRecipient = v.InferOutput<typeof MessageRecipient>;

/** `GET /messages/recipientList?projectId&patientId`. */
export const RecipientListQuery = v.object({
  patientId: v.optional(EntityIdText),
  projectId: v.optional(EntityIdText),
});
export const RecipientList = v.object({ recipients: v.array(MessageRecipient) });
export type RecipientList = v.InferOutput<typeof RecipientList>;

/** A search for a patient to write to: at least this many characters (as the patient search asks). */
export const MESSAGE_PATIENT_SEARCH_MIN = 2;
/** The most patients one search (or the caller's project list) answers: narrow the text for others. */
export const MESSAGE_PATIENTS_MAX = 20;

/**
 * `GET /messages/patients?q=`: staff, the patients they may write to (those whose dossier they may open,
 * with a portal account). `q`: a surname, "surname name" or a fiscal code, from its start; without it,
 * the patients of the caller's projects.
 */
export const MessagePatientQuery = v.object({
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(MESSAGE_PATIENT_SEARCH_MIN, 'tooShort'), v.maxLength(60)),
  ),
});
export type MessagePatientQuery = v.InferOutput<typeof MessagePatientQuery>;

export const MessagePatient = v.object({
  patientId: EntityId,
  displayName: v.string(),
  fiscalCode: v.string(),
  birthDate: IsoDate,
});
export type MessagePatient = v.InferOutput<typeof MessagePatient>;

/** `more`: there were more than MESSAGE_PATIENTS_MAX matches (the portal asks for a narrower text). */
export const MessagePatientList = v.object({ patients: v.array(MessagePatient), more: v.boolean() });
export type MessagePatientList = v.InferOutput<typeof MessagePatientList>;

export const MessagePerson = v.object({ id: EntityId, displayName: v.string() });

/** A recipient as the sender sees them: when they read it (the read receipt). */
export const MessageDelivery = v.object({ ...MessagePerson.entries, readAt: v.nullable(IsoTimestamp) });

export const MessageAttachment = v.object({ name: v.string(), byteSize: v.number() });

export const MessageSummary = v.object({
  id: EntityId,
  subject: v.string(),
  /** The start of the body, for the list. */
  preview: v.string(),
  sender: MessagePerson,
  recipients: v.array(MessageDelivery),
  patientId: v.nullable(EntityId),
  dateCreated: IsoTimestamp,
  /** For the caller as a recipient: when they read it; null unread (a sent message: null). */
  readAt: v.nullable(IsoTimestamp),
  hasAttachment: v.boolean(),
});
export type MessageSummary = v.InferOutput<typeof MessageSummary>;

export const MessageList = v.object({ messages: v.array(MessageSummary), paging: Paging });
export type MessageList = v.InferOutput<typeof MessageList>;

/** `GET /messages/{id}`: the message, its thread (oldest first) and the attachment's description. */
export const MessageDetail = v.object({
  ...MessageSummary.entries,
  body: v.string(),
  attachment: v.nullable(MessageAttachment),
  replyToId: v.nullable(EntityId),
  /** The conversation as the caller sees it (messages they take part in), oldest first, with bodies. */
  thread: v.array(v.object({ ...MessageSummary.entries, body: v.string() })),
});
export type MessageDetail = v.InferOutput<typeof MessageDetail>;

/** The text fields of `POST /messages?patientId=` (multipart, beside an optional PDF `file`). */
export const NewMessageFields = v.object({
  recipientIds: v.pipe(
    v.array(EntityId),
    v.minLength(1, 'required'),
    v.maxLength(MESSAGE_RECIPIENTS_MAX, 'tooLong'),
  ),
  subject: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(MESSAGE_SUBJECT_MAX)),
  body: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(MESSAGE_BODY_MAX)),
  replyToId: v.optional(EntityId),
});
export type NewMessageFields = v.InferOutput<typeof NewMessageFields>;

export const NewMessageQuery = v.object({ patientId: v.optional(EntityIdText) });

/** `GET /userMessage`: the caller's own message state (the counts of the menu and the screen). */
export const UserMessageState = v.object({ unread: v.number(), received: v.number(), sent: v.number() });
export type UserMessageState = v.InferOutput<typeof UserMessageState>;

/** `PUT /userMessage/{id}`: the caller's flag on a message they received (read again / unread). */
export const UserMessageUpdate = v.object({ read: v.boolean() });
export type UserMessageUpdate = v.InferOutput<typeof UserMessageUpdate>;
