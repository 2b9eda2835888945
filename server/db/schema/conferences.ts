import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { patients, users } from './people';

/**
 * A 1:1 video call a staff member requests with a patient (spec 3, 4: invited, accepted, rejected
 * with a mandatory reason; active versus past). `room` is a random, unguessable name: the in-portal
 * call is keyed by it, and `VIDEO_URL_TEMPLATE` turns it into an external room's URL.
 */
export const conferences = pgTable(
  'conferences',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    /** The staff member who asked for the call and admits the patient from the waiting room. */
    requestedByUserId: integer('requested_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The patient's account that is invited. */
    inviteeUserId: integer('invitee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    room: text('room').notNull().unique(),
    /** INVITED, ACCEPTED, REJECTED, ENDED. */
    state: text('state').notNull().default('INVITED'),
    rejectionReason: text('rejection_reason'),
    /** A booked visit's start; null for a call "now". The parties may enter 10 minutes before. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('conferences_invitee').on(table.inviteeUserId, table.createdAt),
    index('conferences_requested_by').on(table.requestedByUserId, table.createdAt),
    // One open request per staff member and patient: parallel requests cannot both insert.
    uniqueIndex('conferences_one_open_request')
      .on(table.requestedByUserId, table.patientId)
      .where(sql`state = 'INVITED'`),
  ],
);

/**
 * Who is online (spec 3 "online flag for users"): each open portal tab of a patient or physician sends a
 * heartbeat; a user is online while their latest one is younger than PRESENCE_TTL_MS. In PostgreSQL so
 * every server process answers the same.
 */
export const conferencePresence = pgTable(
  'conference_presence',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('conference_presence_seen').on(table.seenAt)],
);

/**
 * The in-portal call's waiting room, one row per conference while someone is in the call page: the
 * patient waits from `waitingSince` until the host admits them (`admittedAt`). Kept in PostgreSQL so
 * every server process answers the same.
 */
export const conferenceCalls = pgTable('conference_calls', {
  conferenceId: integer('conference_id')
    .primaryKey()
    .references(() => conferences.id, { onDelete: 'cascade' }),
  waitingSince: timestamp('waiting_since', { withTimezone: true }),
  admittedAt: timestamp('admitted_at', { withTimezone: true }),
  /** The waiting patient's page last asked for signals (its heartbeat): a closed page stops waiting. */
  patientSeenAt: timestamp('patient_seen_at', { withTimezone: true }),
});

/**
 * WebRTC signalling (offer, answer, ICE candidates, hang-up) from one party to the other. The serial id
 * is the recipient's cursor; rows of an earlier session go when a party (re)enters the call.
 */
export const conferenceSignals = pgTable(
  'conference_signals',
  {
    id: serial('id').primaryKey(),
    conferenceId: integer('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientUserId: integer('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** offer, answer, candidate, bye. */
    kind: text('kind').notNull(),
    /** The SDP or the candidate as JSON text; null for bye. */
    payload: text('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conference_signals_recipient').on(table.conferenceId, table.recipientUserId, table.id)],
);
