import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients, users } from '../../db/schema';
import type { LaunchRequest } from './launch';

/** The demo launch: dott.ferrari opens Giulia Bianchi's dossier (both from the demo accounts). */
export const DEMO_LAUNCH = { staff: 'dott.ferrari', patientAccount: 'giulia.bianchi' } as const;

export async function demoLaunchRequest(db: Database): Promise<LaunchRequest | null> {
  const [row] = await db
    .select({ fiscalCode: patients.fiscalCode })
    .from(users)
    .innerJoin(patients, eq(patients.mepiId, users.patientId))
    .where(eq(users.username, DEMO_LAUNCH.patientAccount))
    .limit(1);
  return row ? { username: DEMO_LAUNCH.staff, fiscalCode: row.fiscalCode, page: 'dossier' } : null;
}
