import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { migratedPgliteTemplate } from './pglite-template';

/** Every server test runs on PGlite, and also on PostgreSQL when DATABASE_URL is set (CI sets it). */
export const databaseTargets: readonly { name: string; location: string }[] = [
  { name: 'pglite', location: 'memory://' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgresql', location: process.env.DATABASE_URL }] : []),
];

/** A database of the test's own: in-memory PGlite, or a fresh PostgreSQL schema dropped at close. */
export async function openTestDatabase(
  location: string,
): Promise<DatabaseHandle & { isolatedSchema: string | undefined }> {
  const isolatedSchema = location.startsWith('postgres') ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await openDatabase(
    location,
    isolatedSchema
      ? { isolatedSchema }
      : location === 'memory://'
        ? { pgliteDataDir: await migratedPgliteTemplate() }
        : {},
  );
  return { ...handle, isolatedSchema };
}
