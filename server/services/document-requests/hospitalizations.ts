import { desc, eq } from 'drizzle-orm';
import type { Hospitalizations } from '../../../src/contract';
import type { Database } from '../../db/client';
import { hospitalizations, type UserRow, units } from '../../db/schema';
import { authorizeRequests } from '../access/document-requests';
import type { Language, Localized } from '../language';

const regimes: Record<string, Localized> = {
  O: { it: 'Ricovero ordinario', en: 'Inpatient admission' },
  DH: { it: 'Day hospital', en: 'Day hospital' },
  DS: { it: 'Day surgery', en: 'Day surgery' },
};

/** The patient's admissions, newest first: what a medical-record request is made of. */
export async function hospitalizationsOf(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
): Promise<Hospitalizations> {
  await authorizeRequests(db, user, patientId, 'DOCUMENT_REQUEST_READ');
  const rows = await db
    .select({ stay: hospitalizations, unit: { code: units.code, name: units.name } })
    .from(hospitalizations)
    .innerJoin(units, eq(units.id, hospitalizations.unitId))
    .where(eq(hospitalizations.patientId, patientId))
    .orderBy(desc(hospitalizations.admittedAt), desc(hospitalizations.id));
  return {
    hospitalizations: rows.map(({ stay, unit }) => ({
      id: stay.id,
      code: stay.code,
      unit: { code: unit.code, desc: unit.name },
      regime: { code: stay.regime, desc: regimes[stay.regime]?.[language] ?? stay.regime },
      admittedAt: stay.admittedAt.toISOString(),
      dischargedAt: stay.dischargedAt ? stay.dischargedAt.toISOString() : null,
    })),
  };
}
