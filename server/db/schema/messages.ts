import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patients, users } from './people';
import { bytea } from './signing';

/**
 * Internal messages (spec 3 "Messages"). A message concerns one patient (the patient writing, or the
 * patient staff write about); a reply points at the message it answers, and the thread is the chain.
 * One optional PDF attachment, checked as uploads are.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id').references(() => patients.mepiId, { onDelete: 'cascade' }),
    replyToId: integer('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    /** The first message of the conversation (null on that first message): the thread is one lookup. */
    threadRootId: integer('thread_root_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'cascade',
    }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attachmentName: text('attachment_name'),
    attachment: bytea('attachment'),
    attachmentSize: integer('attachment_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_sender_idx').on(table.senderUserId, table.createdAt),
    index('messages_reply_idx').on(table.replyToId),
    index('messages_thread_idx').on(table.threadRootId),
  ],
);

/** Each recipient's copy: when they read it (the sender's read receipt) — the spec's "user message". */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    recipientUserId: integer('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.recipientUserId] }),
    index('message_recipients_user_idx').on(table.recipientUserId, table.readAt),
  ],
);
