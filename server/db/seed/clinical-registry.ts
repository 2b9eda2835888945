import type { DocumentContent } from '../../services/pdf/content';
import type { allergies, immunizations } from '../schema';
import { isoDay } from './clinical-derive';
import { type AllergySubstance, allergySubstances, type Vaccine, vaccines } from './clinical-registry.data';
import type { Random } from './random';

/**
 * What no demo document holds: a patient's known allergies and the vaccinations of the regional registry.
 * An allergy may instead come from the patient's first discharge letter, whose history then names it (so
 * obscuring that letter hides it).
 */
export interface RegistryPatient {
  id: number;
  birthDate: string;
  /** ATC codes the patient's letters prescribe: no allergy to them. */
  prescribed: ReadonlySet<string>;
  /** The first current discharge letter, where an allergy found in hospital is written. */
  firstLetter: { id: number; createdAt: Date } | null;
}

type AllergyRow = typeof allergies.$inferInsert;
type ImmunizationRow = typeof immunizations.$inferInsert;

const dayMs = 24 * 3600 * 1000;
const yearsAfter = (date: string, years: number): Date =>
  new Date(
    Date.UTC(Number(date.slice(0, 4)) + years, Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))),
  );

function allergiesOf(random: Random, patient: RegistryPatient, now: Date): AllergyRow[] {
  const roll = random.next();
  const count = roll < 0.45 ? 0 : roll < 0.8 ? 1 : 2;
  const rows: AllergyRow[] = [];
  for (let slot = 0; slot < count; slot += 1) {
    const candidates = allergySubstances.filter(
      (substance) =>
        substance.conflicts.every((atc) => !patient.prescribed.has(atc)) &&
        rows.every((row) => row.snomedCode !== substance.snomed),
    );
    const substance = random.pick(candidates);
    // A drug allergy is often found in hospital: then the discharge letter is where it is recorded.
    const fromLetter = random.chance(0.6) && substance.category === 'medication';
    const recordedAt = new Date(now.getTime() - random.int(200, 3650) * dayMs);
    const letter = fromLetter ? patient.firstLetter : null;
    rows.push({
      patientId: patient.id,
      documentId: letter?.id ?? null,
      snomedCode: substance.snomed,
      displayIt: substance.displayIt,
      displayEn: substance.displayEn,
      type: substance.type,
      category: substance.category,
      criticality: substance.criticality,
      clinicalStatus: 'active',
      recordedAt: letter?.createdAt ?? recordedAt,
    });
  }
  return rows;
}

/** The vaccinations a person of this age plausibly had, each given on a day no later than `now`. */
function vaccinationDays(random: Random, birthDate: string, now: Date): [Vaccine, Date][] {
  const age = (now.getTime() - yearsAfter(birthDate, 0).getTime()) / (365.25 * dayMs);
  const daysBefore = (days: number): Date => new Date(now.getTime() - days * dayMs);
  const notAfterNow = (date: Date): Date => (date.getTime() > now.getTime() ? daysBefore(30) : date);
  const season = now.getUTCFullYear() - random.int(0, 2);
  const options: [Vaccine, Date][] = [
    [vaccines.influenza, notAfterNow(new Date(Date.UTC(season, 9, 1 + random.int(0, 60))))],
    [vaccines.covid19, new Date(Date.UTC(2021, 2, 1 + random.int(0, 150)))],
    [vaccines.dtpa, daysBefore(random.int(30, 3650))],
  ];
  // Italy vaccinated twelve-year-olds against hepatitis B from 1991.
  const twelve = yearsAfter(birthDate, 12);
  if (twelve.getUTCFullYear() >= 1991) options.push([vaccines.hepatitisB, twelve]);
  const offered = new Date(Math.max(yearsAfter(birthDate, 65).getTime(), daysBefore(5 * 365).getTime()));
  if (age >= 65) {
    options.push([
      vaccines.pneumococcal,
      notAfterNow(new Date(offered.getTime() + random.int(0, 365) * dayMs)),
    ]);
    options.push([vaccines.zoster, notAfterNow(new Date(offered.getTime() + random.int(0, 365) * dayMs))]);
  }
  return options;
}

function immunizationsOf(random: Random, patient: RegistryPatient, now: Date): ImmunizationRow[] {
  const options = vaccinationDays(random, patient.birthDate, now);
  const count = Math.min(random.int(2, 5), options.length);
  // A partial shuffle: the first `count` options, in a random order.
  for (let index = 0; index < count; index += 1) {
    const other = random.int(index, options.length - 1);
    [options[index], options[other]] = [options[other] as [Vaccine, Date], options[index] as [Vaccine, Date]];
  }
  return options.slice(0, count).map(([vaccine, day]) => ({
    patientId: patient.id,
    documentId: null,
    snomedCode: vaccine.snomed,
    atcCode: vaccine.atc,
    displayIt: vaccine.displayIt,
    displayEn: vaccine.displayEn,
    occurredOn: isoDay(day),
    lotNumber: random.chance(0.8)
      ? `${random.pick(['FK', 'EW', 'AB', 'HZ', 'PN'])}${random.digits(4)}`
      : null,
  }));
}

export function registryOf(
  random: Random,
  patient: RegistryPatient,
  now: Date,
): { allergies: AllergyRow[]; immunizations: ImmunizationRow[] } {
  return {
    allergies: allergiesOf(random, patient, now),
    immunizations: immunizationsOf(random, patient, now),
  };
}

const historyAllergies = /Non allergie note\.|Allergie note: [^.]*\./;

/** A discharge letter's history naming the patient's allergies instead of "Non allergie note." */
export function withAllergiesInHistory(
  content: DocumentContent,
  known: readonly Pick<AllergySubstance, 'displayIt' | 'type'>[],
): DocumentContent {
  const list = known.map((allergy) =>
    allergy.type === 'intolerance'
      ? `${allergy.displayIt.toLowerCase()} (intolleranza)`
      : allergy.displayIt.toLowerCase(),
  );
  const text = list.length === 0 ? 'Non allergie note.' : `Allergie note: ${list.join(', ')}.`;
  return {
    ...content,
    sections: content.sections.map((section) =>
      section.heading === 'Anamnesi'
        ? {
            ...section,
            paragraphs: section.paragraphs?.map((paragraph) => paragraph.replace(historyAllergies, text)),
          }
        : section,
    ),
  };
}
