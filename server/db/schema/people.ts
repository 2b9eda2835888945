import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Hospital units (wards, clinics) that produce documents and employ staff. */
export const units = pgTable('units', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  hospital: text('hospital').notNull(),
});

/**
 * Patients. Searchable fields are columns; the rest of the demographic record (spec section 3)
 * is one JSON document, validated by the contract on the way in and out.
 */
export const patients = pgTable(
  'patients',
  {
    mepiId: serial('mepi_id').primaryKey(),
    masterId: text('master_id').notNull().unique(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    fiscalCode: text('fiscal_code').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    sex: text('sex').notNull(),
    alive: boolean('alive').notNull().default(true),
    merged: boolean('merged').notNull().default(false),
    demographics: jsonb('demographics').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('patients_fiscal_code_idx').on(table.fiscalCode),
    index('patients_surname_name_idx').on(sql`lower(${table.surname})`, sql`lower(${table.name})`),
    index('patients_birth_date_idx').on(table.birthDate),
  ],
);

/** Portal users, linked to the identity provider by `subject` (the token's `sub`). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull().unique(),
    username: text('username').notNull().unique(),
    /** scrypt hash for the embedded identity provider; null for users of an external IdP. */
    passwordHash: text('password_hash'),
    userType: text('user_type').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    fiscalCode: text('fiscal_code'),
    patientId: integer('patient_id').references(() => patients.mepiId),
    unitId: integer('unit_id').references(() => units.id),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    inProject: boolean('in_project').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the user must sign advanced-electronic-signature consents before entering (403 code 2). */
    requiresFeaConsents: boolean('requires_fea_consents').notNull().default(false),
    /** A guest created with a temporary password (sent by SMS) must choose its own at the next login. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** The latest login and the one before it: "new since your last visit" on the home starts at the latter. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    /**
     * One person's accounts share this key (a physician who is also a patient): whoever is signed in as one
     * of them may switch to the others without logging in again. Null: an account of its own.
     */
    personKey: text('person_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_person_key_idx').on(table.personKey)],
);

/** A row of `users`: the portal account every service reads and checks. */
export type UserRow = typeof users.$inferSelect;

/** A physician's favourite patients. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.patientId] })],
);
