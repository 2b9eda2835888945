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
