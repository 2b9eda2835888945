import type { GuestHome } from '../../../src/contract';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import { grantsOf } from '../guests/queries';
import type { Language } from '../language';
import { countNewDocuments } from './patient';
import { sinceOf } from './since';

/**
 * A guest's home: each live grant, and the documents it lets them see (all, and new since the last
 * visit). Each patient goes through the gate, so a grant revoked a moment ago is not listed.
 */
export async function guestHome(
  db: Database,
  user: UserRow,
  language: Language,
  now: Date,
): Promise<GuestHome> {
  const since = sinceOf(user, now);
  const grants: GuestHome['grants'] = [];
  for (const grant of await grantsOf(db, user, language, now)) {
    await authorizePatientAccess(db, user, grant.patientId, 'DOCUMENT_LIST', { detail: 'home' });
    grants.push({
      patientId: grant.patientId,
      patientName: grant.patientName,
      accessTitle: grant.accessTitle.desc,
      lastDay: grant.deadline,
      visibleDocuments: await countNewDocuments(db, user, grant.patientId, null),
      newDocuments: await countNewDocuments(db, user, grant.patientId, since),
    });
  }
  return { role: 'GUEST', since: since.toISOString(), grants };
}
