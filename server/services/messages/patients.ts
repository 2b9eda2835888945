import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { MESSAGE_PATIENTS_MAX, type MessagePatientList } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, patients, projectMembers, type UserRow, users } from '../../db/schema';
import { assertCanListPatients, dossierConsentInForce, recordPatientsListed } from '../access/gate';
import { fiscalCodePrefix, lowerPrefix } from '../patients/conditions';

/** A surname, "surname name" (either order) or a fiscal code, each from its start. */
function textCondition(text: string): SQL {
  const [first = '', ...others] = text.split(/\s+/);
  const rest = others.join(' ');
  if (!rest) {
    const byName = or(lowerPrefix(patients.surname, first), lowerPrefix(patients.name, first)) as SQL;
    return /^[a-z0-9]+$/i.test(first)
      ? (or(byName, fiscalCodePrefix(first.toUpperCase(), false)) as SQL)
      : byName;
  }
  return or(
    and(lowerPrefix(patients.surname, first), lowerPrefix(patients.name, rest)),
    and(lowerPrefix(patients.name, first), lowerPrefix(patients.surname, rest)),
    lowerPrefix(patients.surname, text),
  ) as SQL;
}

/** Patients invited to or taking part in a project the caller runs (the consent of the project is live). */
const inCallersProjects = (user: UserRow, now: Date): SQL =>
  sql`exists (select 1 from ${consents} where ${consents.patientId} = ${patients.mepiId}
    and ${and(
      eq(consents.superseded, false),
      inArray(consents.statusCode, ['GIVEN', 'INVITE']),
      isNull(consents.revokedAt),
      or(isNull(consents.expiresAt), sql`${consents.expiresAt} > ${now}`),
      inArray(
        consents.projectId,
        sql`(select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${user.id})`,
      ),
    )})`;

/**
 * `GET /messages/patients`: staff only. The patients the caller may write to — those whose dossier the
 * gate opens for them (the dossier consent in force, as `access/gate.ts` decides for staff) and who have a
 * portal account — matching `text`, or without it the patients of the caller's projects. At most
 * MESSAGE_PATIENTS_MAX, in name order; each one listed is audited as the patient search is.
 */
export async function messagePatients(
  db: Database,
  user: UserRow,
  text: string | undefined,
  now: Date = new Date(),
): Promise<MessagePatientList> {
  assertCanListPatients(user);
  const rows = await db
    .select({
      patientId: patients.mepiId,
      name: patients.name,
      surname: patients.surname,
      fiscalCode: patients.fiscalCode,
      birthDate: patients.birthDate,
    })
    .from(patients)
    .where(
      and(
        eq(patients.merged, false),
        text === undefined ? inCallersProjects(user, now) : textCondition(text),
        sql`exists (select 1 from ${consents} where ${dossierConsentInForce(sql`${patients.mepiId}`, now)})`,
        sql`exists (select 1 from ${users} where ${users.patientId} = ${patients.mepiId}
          and ${users.userType} = 'PAT' and ${users.enabled})`,
      ),
    )
    .orderBy(asc(sql`lower(${patients.surname})`), asc(sql`lower(${patients.name})`), asc(patients.mepiId))
    .limit(MESSAGE_PATIENTS_MAX + 1);
  const shown = rows.slice(0, MESSAGE_PATIENTS_MAX);
  await recordPatientsListed(
    db,
    user,
    shown.map((row) => row.patientId),
    text === undefined ? 'PATIENT_LIST' : 'PATIENT_SEARCH',
    'message recipients',
    now,
  );
  return {
    patients: shown.map((row) => ({
      patientId: row.patientId,
      displayName: `${row.name} ${row.surname}`,
      fiscalCode: row.fiscalCode,
      birthDate: row.birthDate,
    })),
    more: rows.length > MESSAGE_PATIENTS_MAX,
  };
}
