import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { PATIENT_CONTEXT } from '../../auth/app-grant';
import type { Database } from '../../db/client';
import { oidcPayloads } from '../../db/schema';
import { GRANT_MARK } from '../accounts/subject';

/**
 * An app's grants end with their tokens and codes, never with the login session that made them: the
 * person stays signed in to the portal. The FHIR endpoint checks the grant on every call, so the app's
 * next call answers 401 and its refresh token is gone.
 */
async function endGrantsWhere(db: Database, which: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, 'Grant'), which))
      .returning({ id: oidcPayloads.id });
    const ids = ended.map((row) => row.id);
    if (ids.length > 0) await tx.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, ids));
    return ids.length;
  });
}

export const grantOfClient = (clientId: string): SQL =>
  sql`${oidcPayloads.payload} ->> 'clientId' = ${clientId}`;

/** The grant's patient context (auth/app-grant.ts) as SQL: the detail of that type in its `rar`. */
export function grantContext(field: 'patient' | 'account'): SQL<string | null> {
  // The field is one of two names, written as a literal: `->>` of a parameter has no type to choose by.
  const key = sql.raw(`'${field}'`);
  const details = sql`jsonb_array_elements(coalesce(${oidcPayloads.payload} -> 'rar', '[]'::jsonb))`;
  return sql<string | null>`(select detail ->> ${key} from ${details} as item(detail)
    where detail ->> 'type' = ${PATIENT_CONTEXT}::text limit 1)`;
}

/** Ends one grant of an app (a revocation from Connected apps). */
export function endAppGrant(db: Database, grantId: string): Promise<number> {
  return endGrantsWhere(db, eq(oidcPayloads.id, grantId));
}

/** A disabled app: every grant of it ends. */
export function endGrantsOfApp(db: Database, clientId: string): Promise<number> {
  return endGrantsWhere(db, grantOfClient(clientId));
}

/**
 * A guest's grant ended (revoked): the apps the guest let read through it stop too, instead of holding a
 * grant whose every read the gate would refuse. Their account is the guest grant's (`<subject>#g<id>`).
 */
export function endAppGrantsOfGuestGrant(db: Database, guestGrantId: number): Promise<number> {
  return endGrantsWhere(db, sql`${grantContext('account')} like ${`%${GRANT_MARK}${guestGrantId}`}`);
}

/**
 * One authorization per app and dossier: a new consent ends the earlier grants the same account gave the
 * same app for the same patient, so the list shows it once and revoking it revokes it all.
 */
export function endEarlierAppGrants(
  db: Database,
  grant: { keep: string; clientId: string; account: string; patientId: number },
): Promise<number> {
  return endGrantsWhere(
    db,
    and(
      ne(oidcPayloads.id, grant.keep),
      grantOfClient(grant.clientId),
      sql`${grantContext('account')} = ${grant.account}`,
      sql`${grantContext('patient')} = ${String(grant.patientId)}`,
    ) as SQL,
  );
}
