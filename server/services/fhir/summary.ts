import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, Composition, CompositionSection, Resource } from '@medplum/fhirtypes';
import type { ClinicalRecord } from '../clinical/record';
import type { Language, Localized } from '../language';
import { immunizationResource, medicationResource } from './medications';
import { emptyNarrative, tableNarrative } from './narrative';
import { organizationResource, patientResource } from './patient';
import { allergyResource, conditionResource, currentProblems, isPastProblem } from './problems';
import { observationResource } from './results';
import {
  allergiesSection,
  immunizationsSection,
  medicationsSection,
  pastProblemsSection,
  problemsSection,
  resultsSection,
  type SectionSpec,
} from './sections';
import {
  concept,
  type EntryId,
  entryId,
  type MappingContext,
  profiles,
  referenceTo,
  systems,
} from './systems';

export interface SummaryOptions {
  language: Language;
  /** The hospital: the document's author and custodian (config.applicationTitle). */
  organizationName: string;
  now: Date;
}

/**
 * A section as its narrative writes it (title, columns, the rows' cells, which rows are out of range, or the
 * empty sentence): what another rendering of the same document, the PDF, prints.
 */
export interface SectionText {
  /** The section's LOINC code. */
  code: string;
  title: string;
  headings: string[];
  rows: string[][];
  flagged: boolean[];
  empty: string | null;
}

/** The Bundle and its sections' text, built together from the same rows. */
export interface SummaryDocument {
  bundle: Bundle;
  sections: SectionText[];
}

const title: Localized = { it: 'Sintesi clinica internazionale (IPS)', en: 'International Patient Summary' };
const nothing: Localized = { it: 'Nessuna informazione disponibile.', en: 'No information available.' };

/**
 * A section and the entries it references. Empty: a required section says why (IPS ips-comp-1) with
 * list-empty-reason `unavailable` (the guide's advice when the source holds nothing), the same whether
 * nothing is recorded or what is recorded is hidden from the reader; an optional one is left out.
 */
function section<Row>(
  spec: SectionSpec<Row>,
  rows: Row[],
  toResource: (row: Row, entry: EntryId, context: MappingContext) => Resource,
  context: MappingContext,
): { section: CompositionSection | null; entries: BundleEntry[]; text: SectionText | null } {
  const { language } = context;
  const headings = spec.headings.map((heading) => heading[language]);
  const cells = rows.map((row) => spec.cells(row, language));
  const head = {
    title: spec.title[language],
    code: concept([{ system: systems.loinc, code: spec.code, display: spec.display }]),
  };
  if (rows.length === 0) {
    if (!spec.required) return { section: null, entries: [], text: null };
    const reason = concept(
      [{ system: systems.listEmptyReason, code: 'unavailable', display: 'Unavailable' }],
      nothing[language],
    );
    return {
      section: { ...head, text: emptyNarrative(language, nothing[language]), emptyReason: reason },
      entries: [],
      text: { code: spec.code, title: head.title, headings, rows: [], flagged: [], empty: nothing[language] },
    };
  }
  const entries = rows.map((row) => {
    const entry = entryId(randomUUID());
    return { fullUrl: entry.fullUrl, resource: toResource(row, entry, context) };
  });
  return {
    section: {
      ...head,
      text: tableNarrative(language, headings, cells),
      entry: entries.map((entry) => ({ reference: entry.fullUrl })),
    },
    entries,
    text: {
      code: spec.code,
      title: head.title,
      headings,
      rows: cells,
      flagged: rows.map((row) => spec.flagged?.(row) ?? false),
      empty: null,
    },
  };
}

/**
 * The patient summary as an HL7 IPS document: a Bundle of type `document` whose first entry is the
 * Composition (LOINC 60591-5), then the Patient, the hospital and every resource a section references,
 * each with a `urn:uuid:` fullUrl that the references use. Built from what the caller may see
 * (readClinicalRecord); generated on request, so every call is a new document with new identifiers.
 * The sections' text comes along for the PDF, so both print the same cells.
 */
export function summaryDocument(record: ClinicalRecord, options: SummaryOptions): SummaryDocument {
  const { language, now } = options;
  const composition = entryId(randomUUID());
  const patient = entryId(randomUUID());
  const organization = entryId(randomUUID());
  const context: MappingContext = { language, patient, organization };
  const built = [
    section(problemsSection, currentProblems(record.conditions), conditionResource, context),
    section(allergiesSection, record.allergies, allergyResource, context),
    section(medicationsSection, record.medications, medicationResource, context),
    section(immunizationsSection, record.immunizations, immunizationResource, context),
    section(resultsSection, record.observations, observationResource, context),
    section(pastProblemsSection, record.conditions.filter(isPastProblem), conditionResource, context),
  ];
  const patientName = `${record.patient.name} ${record.patient.surname}`;
  const compositionResource: Composition = {
    resourceType: 'Composition',
    id: composition.id,
    meta: { profile: [profiles.composition] },
    language,
    identifier: { system: systems.uri, value: `urn:uuid:${randomUUID()}` },
    status: 'final',
    type: concept([{ system: systems.loinc, code: '60591-5', display: 'Patient summary Document' }]),
    subject: referenceTo(patient, patientName),
    date: now.toISOString(),
    author: [referenceTo(organization, options.organizationName)],
    title: title[language],
    confidentiality: 'N',
    custodian: referenceTo(organization, options.organizationName),
    event: [
      { code: [concept([{ system: systems.actClass, code: 'PCPR' }])], period: { end: now.toISOString() } },
    ],
    section: built.flatMap((item) => (item.section ? [item.section] : [])),
  };
  const bundle: Bundle = {
    resourceType: 'Bundle',
    meta: { profile: [profiles.bundle] },
    language,
    identifier: { system: systems.uri, value: `urn:uuid:${randomUUID()}` },
    type: 'document',
    timestamp: now.toISOString(),
    entry: [
      { fullUrl: composition.fullUrl, resource: compositionResource },
      { fullUrl: patient.fullUrl, resource: patientResource(record.patient, patient) },
      {
        fullUrl: organization.fullUrl,
        resource: organizationResource(options.organizationName, organization),
      },
      ...built.flatMap((item) => item.entries),
    ],
  };
  return { bundle, sections: built.flatMap((item) => (item.text ? [item.text] : [])) };
}
