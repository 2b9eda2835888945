import type { Patient } from '../../../src/contract';
import { fiscalCode } from './fiscal-code';
import { femaleNames, maleNames, type Place, places, relationships, streets, surnames } from './people.data';
import type { Random } from './random';

/** A patient as the seed writes it: the contract's record without the per-user `favorite` flag. */
export type SeedPatient = Omit<Patient, 'mepiId' | 'favorite'>;

interface Identity {
  name: string;
  surname: string;
  sex: 'M' | 'F';
  birthDate: string;
  birthPlace: Place;
}

/** The demo accounts' patients come first, with fixed identities the README can name. */
const fixedIdentities: readonly Omit<Identity, 'birthPlace'>[] = [
  { name: 'Mario', surname: 'Rossi', sex: 'M', birthDate: '1985-12-10' },
  { name: 'Giulia', surname: 'Bianchi', sex: 'F', birthDate: '1992-04-23' },
  { name: 'Luca', surname: 'Verdi', sex: 'M', birthDate: '1978-07-02' },
];

/**
 * Demo people who are patients among the random ones (their accounts: demo-accounts.ts): the physician
 * Anna Ferrari is also a patient (for the account switch). The random draw still happens, so every
 * other patient stays as it was.
 */
export const PHYSICIAN_PATIENT_INDEX = 49;
const personIdentities: Readonly<Record<number, Identity>> = {
  [PHYSICIAN_PATIENT_INDEX]: {
    name: 'Anna',
    surname: 'Ferrari',
    sex: 'F',
    birthDate: '1975-03-14',
    birthPlace: places.find((place) => place.code === 'F205') ?? (places[0] as Place),
  },
};

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function randomIdentity(random: Random): Identity {
  const sex = random.chance(0.5) ? 'M' : 'F';
  return {
    sex,
    name: random.pick(sex === 'M' ? maleNames : femaleNames),
    surname: random.pick(surnames),
    birthDate: isoDate(random.int(1932, 2019), random.int(1, 12), random.int(1, 28)),
    birthPlace: random.pick(places),
  };
}

function address(random: Random, place: Place): NonNullable<SeedPatient['residence']> {
  return {
    street: random.pick(streets),
    number: String(random.int(1, 180)),
    zip: place.zip,
    city: place.city,
    province: place.province,
    region: place.region,
    country: 'Italia',
  };
}

function mobile(random: Random): string {
  return `+39 3${random.int(20, 49)} ${random.digits(7)}`;
}

export function buildPatient(random: Random, index: number, usedCodes: Set<string>): SeedPatient {
  let identity: Identity;
  let code: string;
  do {
    const fixed = fixedIdentities[index];
    identity = fixed
      ? { ...fixed, birthPlace: places[index % places.length] as Place }
      : randomIdentity(random);
    identity = personIdentities[index] ?? identity;
    code = fiscalCode({ ...identity, birthPlaceCode: identity.birthPlace.code });
  } while (usedCodes.has(code));
  usedCodes.add(code);

  const place = identity.birthPlace;
  const residencePlace = random.chance(0.7) ? place : random.pick(places);
  const birthYear = Number(identity.birthDate.slice(0, 4));
  const deceased = index >= fixedIdentities.length && birthYear < 1945 && random.chance(0.3);
  const email = `${identity.name}.${identity.surname}`.toLowerCase().replace(/[^a-z.]/g, '');
  const adult = birthYear < 2008;
  const gpSurname = random.pick(surnames);
  const gpName = random.pick(maleNames);

  return {
    masterId: `MPI-${String(100000 + index * 7919).padStart(8, '0')}`,
    name: identity.name,
    surname: identity.surname,
    middleName: random.chance(0.1) ? random.pick(identity.sex === 'M' ? maleNames : femaleNames) : null,
    sex: identity.sex,
    birthDate: identity.birthDate,
    birthPlace: place.city,
    region: place.region,
    province: place.province,
    zip: place.zip,
    fiscalCode: code,
    maritalStatus: adult
      ? random.pick(['single', 'married', 'divorced', 'widowed', 'civilUnion'] as const)
      : 'single',
    citizenship: 'Italiana',
    nationality: 'Italiana',
    lifeStatus: deceased ? 'deceased' : 'alive',
    death: deceased
      ? {
          date: isoDate(random.int(2018, 2025), random.int(1, 12), random.int(1, 28)),
          place: place.city,
          province: place.province,
          country: 'Italia',
        }
      : null,
    identityDocument: adult
      ? {
          type: random.pick(['identityCard', 'passport', 'drivingLicence'] as const),
          number: `C${String.fromCharCode(65 + random.int(0, 25))}${random.digits(5)}${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))}`,
          releaseDate: isoDate(random.int(2019, 2024), random.int(1, 12), random.int(1, 28)),
          expiryDate: isoDate(random.int(2029, 2034), random.int(1, 12), random.int(1, 28)),
          issuingAuthority: `Comune di ${place.city}`,
        }
      : null,
    residence: address(random, residencePlace),
    domicile: random.chance(0.2) ? address(random, random.pick(places)) : null,
    contacts: {
      homePhone: random.chance(0.4) ? `+39 0${random.int(2, 99)} ${random.digits(6)}` : null,
      fax: null,
      mobilePhone: mobile(random),
      mobilePhone2: random.chance(0.15) ? mobile(random) : null,
      email: `${email}@example.it`,
      email2: random.chance(0.1) ? `${email}.lavoro@example.com` : null,
    },
    relatedPersons: random.chance(0.6)
      ? [
          {
            relationship: random.pick(relationships),
            name: random.pick(femaleNames),
            surname: identity.surname,
            phone: mobile(random),
          },
        ]
      : [],
    healthService: {
      aslResidenceCode: residencePlace.asl,
      aslAssistanceCode: residencePlace.asl,
      healthCardNumber: `80380${random.digits(15)}`,
      healthCardExpiryDate: isoDate(random.int(2026, 2031), random.int(1, 12), random.int(1, 28)),
      stpCode: null,
      teamCode: null,
      generalPractitioner: {
        code: `MMG${random.digits(6)}`,
        name: gpName,
        surname: gpSurname,
        fiscalCode: fiscalCode({
          name: gpName,
          surname: gpSurname,
          sex: 'M',
          birthDate: isoDate(random.int(1955, 1985), random.int(1, 12), random.int(1, 28)),
          birthPlaceCode: place.code,
        }),
        phone: `+39 0${random.int(2, 99)} ${random.digits(6)}`,
        email: `${gpName}.${gpSurname}`
          .toLowerCase()
          .replace(/[^a-z.]/g, '')
          .concat('@medici.example.it'),
      },
    },
    personIdentifiers: [
      { type: 'CF', value: code },
      { type: 'MPI', value: `MPI-${String(100000 + index * 7919).padStart(8, '0')}` },
    ],
    positionStatus: { merged: false, alive: !deceased },
  };
}
