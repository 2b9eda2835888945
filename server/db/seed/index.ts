import { sql } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { hashPassword } from '../../services/password';
import type { Database } from '../client';
import { favorites, patients, units, users } from '../schema';
import { seedPersonAccounts } from './accounts';
import { seedClinical } from './clinical';
import { seedConferences } from './conferences';
import { seedConsents } from './consents';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts';
import { seedDiabeticLabs } from './diabetic';
import { seedDocuments } from './documents';
import { seedGuests } from './guests';
import { seedHospitalizations } from './hospitalizations';
import { seedPais } from './pai';
import { seedPair } from './pair';
import { buildPatient, type SeedPatient } from './patients';
import { units as unitData } from './people.data';
import { seedProjectTeams } from './projects';
import { createRandom } from './random';
import { seedSecondFactors } from './second-factor';
import { seedSigningCredentials } from './signing';
import { seedSmartApps } from './smart-apps';
import { seedStudies } from './studies';
import { seedSurveys } from './surveys';

export const DEMO_PATIENT_COUNT = 50;

/** Splits a contract patient into the indexed columns and the demographic document. */
export function patientRow(patient: SeedPatient): typeof patients.$inferInsert {
  const { masterId, name, surname, fiscalCode, birthDate, sex, positionStatus, ...demographics } = patient;
  return {
    masterId,
    name,
    surname,
    fiscalCode,
    birthDate,
    sex,
    alive: positionStatus.alive,
    merged: positionStatus.merged,
    demographics,
  };
}

/** A staff account's unit: the one its code names, or the units in turn. */
const unitIndex = (code: string | undefined, accountIndex: number): number => {
  const named = unitData.findIndex((unit) => unit.code === code);
  return named >= 0 ? named : accountIndex % unitData.length;
};

/** Fills an empty database with the deterministic demo data; a database with users is left alone. */

export async function seedDemoData(
  db: Database,
  logger?: Logger,
  /** `clinical: false`: no structured record (tests of the other areas never read its 15,000 rows). */
  options: { clinical?: boolean } = {},
): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;

  const random = createRandom(20261122);
  const usedCodes = new Set<string>();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const unitRows = await tx
      .insert(units)
      .values([...unitData])
      .returning({ id: units.id });
    const seedPatients = Array.from({ length: DEMO_PATIENT_COUNT }, (_, index) =>
      buildPatient(random, index, usedCodes),
    );
    const patientRows = await tx
      .insert(patients)
      .values(seedPatients.map(patientRow))
      .returning({ mepiId: patients.mepiId });

    const withoutConsent = new Set(
      demoAccounts.filter((account) => account.withoutDossierConsent).map((account) => account.patientIndex),
    );
    await seedConsents(tx, {
      patientIds: patientRows.map((row) => row.mepiId),
      seedPatients,
      withoutConsent,
      random,
    });

    const userRows = await tx
      .insert(users)
      .values(
        demoAccounts.map((account, index) => ({
          subject: `demo-${account.username}`,
          username: account.username,
          passwordHash,
          userType: account.userType,
          displayName: account.displayName,
          email: `${account.username}@example.it`,
          mobilePhone: account.mobilePhone,
          fiscalCode:
            account.fiscalCode ??
            (account.patientIndex === undefined
              ? null
              : (seedPatients[account.patientIndex]?.fiscalCode ?? null)),
          patientId:
            account.patientIndex === undefined ? null : (patientRows[account.patientIndex]?.mepiId ?? null),
          unitId:
            account.userType === 'PAT' || account.userType === 'GUE'
              ? null
              : (unitRows[unitIndex(account.unitCode, index)]?.id ?? null),
          permissions: [...account.permissions],
          inProject: account.inProject,
          requiresFeaConsents: account.requiresFeaConsents ?? false,
        })),
      )
      .returning({ id: users.id, userType: users.userType });

    const physician = userRows.find((row) => row.userType === 'PHY');
    if (physician) {
      await tx
        .insert(favorites)
        .values(
          [0, 1, 4, 7].map((index) => ({ userId: physician.id, patientId: patientRows[index]?.mepiId ?? 0 })),
        );
    }
  });
  // After the documents: a study for each of their accession numbers.
  await seedDocuments(db);
  // The structured record is read off the documents, the diabetic patient's glucose panel included.
  await seedDiabeticLabs(db);
  if (options.clinical ?? true) await seedClinical(db);
  await seedStudies(db);
  await seedGuests(db);
  await seedPersonAccounts(db);
  await seedProjectTeams(db);
  await seedConferences(db);
  await seedSurveys(db);
  await seedPais(db);
  await seedPair(db);
  await seedHospitalizations(db);
  await seedSigningCredentials(db, logger);
  await seedSecondFactors(db, logger);
  await seedSmartApps(db);
  logger?.info('demo data seeded', { patients: DEMO_PATIENT_COUNT, users: demoAccounts.length });
  return true;
}
