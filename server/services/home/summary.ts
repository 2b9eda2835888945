import type { HomeSummary } from '../../../src/contract';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Language } from '../language';
import { isStaff } from '../users';
import { guestHome } from './guest';
import { patientHome } from './patient';
import { staffHome } from './staff';

/** `GET /home`: what waits for the caller, by role. A patient account without a record has nothing to show. */
export async function homeSummary(
  db: Database,
  user: UserRow,
  language: Language,
  now: Date = new Date(),
): Promise<HomeSummary> {
  if (isStaff(user)) return staffHome(db, user, now);
  if (user.userType === 'GUE') return guestHome(db, user, language, now);
  if (user.userType === 'PAT' && user.patientId !== null)
    return patientHome(db, user, user.patientId, language, now);
  return { role: 'STAFF', uploadsToReview: 0, waitingPatients: [] };
}
