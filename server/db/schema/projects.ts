import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { units, users } from './people';

/** Research or care projects a patient may be invited to; each has its own participation consent. */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The consent model a patient signs to participate. */
  consentCode: text('consent_code').notNull(),
});

/** The staff who run a project: they see it, invite and remove its participants. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('project_members_user').on(table.userId),
  ],
);

/** The hospital units a project involves. */
export const projectUnits = pgTable(
  'project_units',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.unitId] })],
);
