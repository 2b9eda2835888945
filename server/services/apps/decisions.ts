import type { Database } from '../../db/client';
import { recordWrite } from '../access/recorded';
import { requireUser } from '../accounts/active-user';

/**
 * A decision about an app in the dossier's treatment history: who let it read (or, see connected.ts,
 * stopped it) and which app, in the row's detail. Written as the account that decided (a guest's grant
 * account for a dossier they hold a grant on).
 */
export async function recordAppAuthorization(
  db: Database,
  account: string,
  patientId: number,
  appName: string,
): Promise<void> {
  const user = await requireUser(db, account);
  await recordWrite(db, user, patientId, 'APP_AUTHORIZE', { detail: appName });
}
