import type { Address, Organization, Patient } from '@medplum/fhirtypes';
import type { PatientRow } from '../patients';
import { type EntryId, profiles, systems } from './systems';

/** The demographic record's residence (contract `Address`), as stored. */
type Residence = Partial<
  Record<'street' | 'number' | 'zip' | 'city' | 'province' | 'region' | 'country', string | null>
>;

const genders = { M: 'male', F: 'female', X: 'other' } as const satisfies Record<string, Patient['gender']>;

/** The residence as FHIR writes an address; null when nothing of it is known. */
function residenceOf(demographics: unknown): Address | null {
  const residence = (demographics as { residence?: Residence | null } | null)?.residence;
  if (!residence) return null;
  const street = [residence.street, residence.number].filter(Boolean).join(' ');
  const address: Address = {
    use: 'home',
    ...(street ? { line: [street] } : {}),
    ...(residence.city ? { city: residence.city } : {}),
    ...(residence.province ? { district: residence.province } : {}),
    ...(residence.region ? { state: residence.region } : {}),
    ...(residence.zip ? { postalCode: residence.zip } : {}),
    ...(residence.country ? { country: residence.country } : {}),
  };
  return Object.keys(address).length > 1 ? address : null;
}

/**
 * The patient (IPS Patient): the fiscal code as identifier, the name in its parts and as text, gender,
 * birth date, the residence, and a death when the registry records one. Contacts, documents and the
 * general practitioner stay with the demographic record (`GET /patients/{id}`, audited as such).
 */
export function patientResource(row: PatientRow, entry: EntryId): Patient {
  const address = residenceOf(row.demographics);
  return {
    resourceType: 'Patient',
    id: entry.id,
    meta: { profile: [profiles.patient] },
    identifier: [{ use: 'official', system: systems.fiscalCode, value: row.fiscalCode }],
    name: [{ use: 'official', family: row.surname, given: [row.name], text: `${row.name} ${row.surname}` }],
    gender: genders[row.sex as keyof typeof genders] ?? 'unknown',
    birthDate: row.birthDate,
    ...(row.alive ? {} : { deceasedBoolean: true }),
    ...(address ? { address: [address] } : {}),
  };
}

/** The hospital that assembles the summary: its author and custodian (IPS Organization). */
export function organizationResource(name: string, entry: EntryId): Organization {
  return {
    resourceType: 'Organization',
    id: entry.id,
    meta: { profile: [profiles.organization] },
    active: true,
    name,
  };
}
