import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type ConnectedApp, type ConnectedApps, scopeResources } from '../../../src/contract';
import type { Database } from '../../db/client';
import { auditLog, oidcPayloads, patients, smartApps, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordWrite } from '../access/recorded';
import { endAppGrant, grantContext } from './grants';

/** The list's id of a grant: a hash, so the page never holds the grant id the tokens name. */
export function connectedAppId(grantId: string): string {
  return `a_${createHash('sha256').update(grantId).digest('base64url').slice(0, 22)}`;
}

/** The grants a user's accounts gave (their own subject, or their guest accounts `<subject>#g<grant>`). */
const ofUser = (subject: string): SQL =>
  or(
    sql`${grantContext('account')} = ${subject}`,
    sql`starts_with(${grantContext('account')}, ${`${subject}#g`})`,
  ) as SQL;

async function liveAppGrants(db: Database, user: UserRow, fhirAudience: string, now: Date) {
  const patientId = sql<number>`(${grantContext('patient')})::int`;
  return db
    .select({
      grantId: oidcPayloads.id,
      name: smartApps.name,
      patientId,
      patientName: sql<string>`${patients.name} || ' ' || ${patients.surname}`,
      scope: sql<string | null>`${oidcPayloads.payload} -> 'resources' ->> ${fhirAudience}`,
      oidcScope: sql<string | null>`${oidcPayloads.payload} -> 'openid' ->> 'scope'`,
      iat: sql<number>`(${oidcPayloads.payload} ->> 'iat')::bigint`,
      lastAccessAt: sql<Date | null>`(select max(${auditLog.at}) from ${auditLog}
        where ${auditLog.appName} = ${smartApps.name} and ${auditLog.userId} = ${user.id} and ${auditLog.patientId} = ${patientId})`,
      reads: sql<number>`(select count(*)::int from ${auditLog}
        where ${auditLog.appName} = ${smartApps.name} and ${auditLog.userId} = ${user.id} and ${auditLog.patientId} = ${patientId})`,
    })
    .from(oidcPayloads)
    .innerJoin(smartApps, eq(smartApps.clientId, sql`${oidcPayloads.payload} ->> 'clientId'`))
    .innerJoin(patients, eq(patients.mepiId, patientId))
    .where(
      and(
        eq(oidcPayloads.type, 'Grant'),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
        isNull(smartApps.disabledAt),
        ofUser(user.subject),
      ),
    )
    .orderBy(desc(sql`(${oidcPayloads.payload} ->> 'iat')::bigint`));
}

/**
 * The apps the user let read a dossier, whose grant still lives: what each may read, whose dossier, when
 * it was allowed, and its reads as the treatment history counts them (audit rows naming the app, by this
 * user, of that patient). Only the user's own grants: nobody else's can be listed or named.
 */
export async function listConnectedApps(
  db: Database,
  user: UserRow,
  fhirAudience: string,
  now: Date = new Date(),
): Promise<ConnectedApps> {
  const rows = await liveAppGrants(db, user, fhirAudience, now);
  return {
    items: rows.map(
      (row): ConnectedApp => ({
        id: connectedAppId(row.grantId),
        name: row.name,
        patient: { id: Number(row.patientId), name: row.patientName },
        resources: scopeResources((row.scope ?? '').split(' ')),
        offline: (row.oidcScope ?? '').split(' ').includes('offline_access'),
        authorizedAt: new Date(Number(row.iat) * 1000).toISOString(),
        lastAccessAt: row.lastAccessAt ? new Date(row.lastAccessAt).toISOString() : null,
        reads: Number(row.reads),
      }),
    ),
  };
}

/**
 * Revokes one of the user's app authorizations: its grant and tokens end (the app's next call is a 401,
 * its refresh token fails); the user stays signed in. Any id that is not one of theirs is a 404.
 */
export async function revokeConnectedApp(
  db: Database,
  user: UserRow,
  id: string,
  fhirAudience: string,
): Promise<{ name: string; patientId: number }> {
  const rows = await liveAppGrants(db, user, fhirAudience, new Date());
  const grant = rows.find((row) => connectedAppId(row.grantId) === id);
  if (!grant) throw new HttpError(404, 'NOT_FOUND');
  await endAppGrant(db, grant.grantId);
  const patientId = Number(grant.patientId);
  await recordWrite(db, user, patientId, 'APP_REVOKE', { detail: grant.name });
  return { name: grant.name, patientId };
}
