import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppRegistered, AppRegistration, RegisteredApp, RegisteredApps } from '../../../src/contract';
import type { Database } from '../../db/client';
import { smartApps, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { endGrantsOfApp } from './grants';

type AppRow = typeof smartApps.$inferSelect;

/** Registering third-party apps is the administrators' (they answer for who may ask for patients' data). */
export function assertAdministrator(user: UserRow): void {
  if (user.userType !== 'ADM') throw new HttpError(403, 'ACCESS_DENIED');
}

export function toRegisteredApp(row: AppRow): RegisteredApp {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    redirectUris: row.redirectUris,
    confidential: row.confidential,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

export async function listApps(db: Database, admin: UserRow): Promise<RegisteredApps> {
  assertAdministrator(admin);
  const rows = await db.select().from(smartApps).orderBy(asc(smartApps.name), asc(smartApps.id));
  return { items: rows.map(toRegisteredApp) };
}

/**
 * Registers an app under a name no other app has (compared without case: the consent page and the
 * treatment history name the app, so two alike would mislead). Two registrations at once take turns on a
 * transaction lock. A confidential app's secret is made here and answered this once.
 */
export async function registerApp(
  db: Database,
  admin: UserRow,
  input: AppRegistration,
): Promise<AppRegistered> {
  assertAdministrator(admin);
  const secret = input.confidential ? randomBytes(32).toString('base64url') : null;
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('smart_apps.name'))`);
    const [taken] = await tx
      .select({ id: smartApps.id })
      .from(smartApps)
      .where(sql`lower(${smartApps.name}) = lower(${input.name})`)
      .limit(1);
    if (taken) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'name', code: 'taken' }]);
    const [inserted] = await tx
      .insert(smartApps)
      .values({
        clientId: `app_${randomBytes(12).toString('base64url')}`,
        name: input.name,
        redirectUris: [...new Set(input.redirectUris)],
        confidential: input.confidential,
        clientSecret: secret,
        createdBy: admin.id,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('app not registered');
  return { app: toRegisteredApp(row), clientSecret: secret };
}

/**
 * Disables an app: it can no longer authorize or refresh (the provider does not find it), and every grant
 * patients gave it ends with its tokens, so its next FHIR call answers 401. Disabling twice is no error.
 */
export async function disableApp(db: Database, admin: UserRow, id: number): Promise<RegisteredApp> {
  assertAdministrator(admin);
  const [row] = await db
    .update(smartApps)
    .set({ disabledAt: sql`coalesce(${smartApps.disabledAt}, now())` })
    .where(eq(smartApps.id, id))
    .returning();
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  await endGrantsOfApp(db, row.clientId);
  return toRegisteredApp(row);
}
