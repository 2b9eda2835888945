import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documents } from './documents';
import { patients, users } from './people';
import { projects } from './projects';

/** Kinds of individual care plan (spec 3 "Care plan (PAI)": `type` is the code of one of these). */
export const paiTypes = pgTable('pai_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The folders a new plan of this type starts with (the hospital's template). */
  folderNames: text('folder_names').array().notNull().default([]),
});

/**
 * A patient's care plan within a project. Plans come from the hospital's systems (no create call in the
 * spec): ACTIVE, then REPLACED by a newer one (`replacedById`) or CLOSED.
 */
export const pais = pgTable(
  'pais',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => paiTypes.id),
    title: text('title').notNull(),
    /** ACTIVE, REPLACED, CLOSED. */
    status: text('status').notNull().default('ACTIVE'),
    replacedById: integer('replaced_by_id'),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pais_patient').on(table.patientId, table.validFrom)],
);

/** What the plan asks to be done by a date: TODO, then DONE with the day it was done (final). */
export const paiActivities = pgTable(
  'pai_activities',
  {
    id: serial('id').primaryKey(),
    paiId: integer('pai_id')
      .notNull()
      .references(() => pais.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    plannedDate: date('planned_date').notNull(),
    /** TODO, DONE. */
    status: text('status').notNull().default('TODO'),
    deliveryDate: date('delivery_date'),
    doneById: integer('done_by_id').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [index('pai_activities_pai').on(table.paiId, table.position)],
);

/** Named groups of the plan's documents (documents of the dossier, shown as the reader may see them). */
export const paiFolders = pgTable(
  'pai_folders',
  {
    id: serial('id').primaryKey(),
    paiId: integer('pai_id')
      .notNull()
      .references(() => pais.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (table) => [index('pai_folders_pai').on(table.paiId, table.position)],
);

export const paiFolderDocuments = pgTable(
  'pai_folder_documents',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => paiFolders.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.folderId, table.documentId] })],
);

/**
 * A user's own reminders for one activity (days before its date); without a row the user's general
 * `reminderDays` apply (patient only). An empty list means "no reminders for this activity".
 */
export const paiActivityReminders = pgTable(
  'pai_activity_reminders',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => paiActivities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    days: integer('days').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pai_activity_reminders_key').on(table.activityId, table.userId)],
);
