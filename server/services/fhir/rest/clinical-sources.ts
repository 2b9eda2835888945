import { desc, sql } from 'drizzle-orm';
import { allergies, conditions, immunizations, medicationStatements } from '../../../db/schema';
import { immunizationResource, medicationResource } from '../medications';
import { allergyResource, conditionResource } from '../problems';
import { restEntry, systems } from '../systems';
import { dayOf, dayStart } from './dates';
import { codeIn, fixedCode, foundLazily, type Token, withLastUpdated } from './source';
import { tableSource } from './table-source';

/** Any of the codings a row carries matches the token. */
function anyCode(token: Token, codings: [column: unknown, system: string][]) {
  const matches = codings.flatMap(([column, system]) => {
    const condition = codeIn(sql`${column}`, system, token);
    return condition === false ? [] : [condition];
  });
  return matches.length === 0 ? false : sql`(${sql.join(matches, sql` or `)})`;
}

/** Problems (Condition): coded in SNOMED CT and ICD-9-CM, each a problem-list item. */
export const conditionSource = tableSource(conditions, {
  dates: {
    'onset-date': dayStart(conditions.onsetDate),
    'recorded-date': sql`${conditions.recordedAt}`,
    _lastUpdated: sql`${conditions.recordedAt}`,
  },
  tokens: {
    code: (token) =>
      anyCode(token, [
        [conditions.snomedCode, systems.snomed],
        [conditions.icd9cmCode, systems.icd9cm],
      ]),
    category: (token) => fixedCode(systems.conditionCategory, 'problem-list-item', token),
    'clinical-status': (token) => codeIn(sql`${conditions.clinicalStatus}`, systems.conditionClinical, token),
  },
  newestFirst: desc(conditions.recordedAt),
  found: (row, context) =>
    foundLazily(row.recordedAt, () =>
      withLastUpdated(
        conditionResource(row, restEntry('Condition', row.id), context.mapping),
        row.recordedAt,
      ),
    ),
});

/** Allergies and intolerances, searched by their SNOMED CT code, category (food, medication…) and date. */
export const allergySource = tableSource(allergies, {
  dates: { date: sql`${allergies.recordedAt}`, _lastUpdated: sql`${allergies.recordedAt}` },
  tokens: {
    code: (token) => anyCode(token, [[allergies.snomedCode, systems.snomed]]),
    // AllergyIntolerance.category is a code of FHIR's own value set: a token without a system.
    category: (token) =>
      token.system
        ? false
        : token.code === undefined
          ? sql`true`
          : sql`${allergies.category} = ${token.code}`,
    'clinical-status': (token) => codeIn(sql`${allergies.clinicalStatus}`, systems.allergyClinical, token),
  },
  newestFirst: desc(allergies.recordedAt),
  found: (row, context) =>
    foundLazily(row.recordedAt, () =>
      withLastUpdated(
        allergyResource(row, restEntry('AllergyIntolerance', row.id), context.mapping),
        row.recordedAt,
      ),
    ),
});

/** Medicines taken, by ATC code and the period they are taken in (`effective`). */
export const medicationSource = tableSource(medicationStatements, {
  dates: {
    effective: dayStart(medicationStatements.startDate),
    _lastUpdated: dayStart(medicationStatements.startDate),
  },
  tokens: { code: (token) => anyCode(token, [[medicationStatements.atcCode, systems.atc]]) },
  newestFirst: desc(medicationStatements.startDate),
  found: (row, context) =>
    foundLazily(dayOf(row.startDate), () =>
      withLastUpdated(
        medicationResource(row, restEntry('MedicationStatement', row.id), context.mapping),
        dayOf(row.startDate),
      ),
    ),
});

/** Vaccinations, by vaccine (SNOMED CT or ATC, `vaccine-code`) and day given. */
export const immunizationSource = tableSource(immunizations, {
  dates: { date: dayStart(immunizations.occurredOn), _lastUpdated: dayStart(immunizations.occurredOn) },
  tokens: {
    'vaccine-code': (token) =>
      anyCode(token, [
        [immunizations.snomedCode, systems.snomed],
        [immunizations.atcCode, systems.atc],
      ]),
  },
  newestFirst: desc(immunizations.occurredOn),
  found: (row, context) =>
    foundLazily(dayOf(row.occurredOn), () =>
      withLastUpdated(
        immunizationResource(row, restEntry('Immunization', row.id), context.mapping),
        dayOf(row.occurredOn),
      ),
    ),
});
