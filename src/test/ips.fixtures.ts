/**
 * An HL7 IPS document as the portal's summary writes it (urn:uuid references), with one entry of every
 * resource type the renderer knows, an empty section, and hostile markup in a narrative and in a text.
 */
import type { Bundle, Composition, CompositionSection, Resource } from '@medplum/fhirtypes';

const HOSTILE_DIV =
  '<div xmlns="http://www.w3.org/1999/xhtml">NARRATIVA<img src="x" onerror="window.hacked=1"/><script>window.hacked=2</script></div>';

const url = (n: number): string => `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const loinc = (code: string, display: string) => ({
  coding: [{ system: 'http://loinc.org', code, display }],
});

const resources: Resource[] = [
  {
    resourceType: 'Condition',
    clinicalStatus: { coding: [{ code: 'active' }] },
    code: { text: 'Ipertensione arteriosa' },
    onsetDateTime: '2019-03',
    subject: { reference: url(2) },
  },
  {
    resourceType: 'AllergyIntolerance',
    type: 'allergy',
    category: ['medication'],
    criticality: 'high',
    code: { coding: [{ system: 'http://snomed.info/sct', code: '764146007', display: 'Penicillina' }] },
    reaction: [{ manifestation: [{ text: 'Orticaria' }] }],
    patient: { reference: url(2) },
  },
  {
    resourceType: 'MedicationStatement',
    status: 'active',
    medicationCodeableConcept: { text: 'Ramipril 5 mg' },
    effectivePeriod: { start: '2024-01-10' },
    dosage: [{ text: '1 compressa al mattino' }],
    subject: { reference: url(2) },
  },
  {
    resourceType: 'Immunization',
    status: 'completed',
    vaccineCode: { text: 'Vaccino antitetanico' },
    occurrenceDateTime: '2022-05-15',
    lotNumber: 'AB123',
    patient: { reference: url(2) },
  },
  {
    resourceType: 'Observation',
    status: 'final',
    code: { ...loinc('4548-4', 'Emoglobina glicata') },
    effectiveDateTime: '2026-10-01',
    valueQuantity: { value: 6.1, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
    referenceRange: [{ low: { value: 4, unit: '%' }, high: { value: 5.6, unit: '%' } }],
    interpretation: [{ coding: [{ code: 'H', display: 'High' }] }],
  },
  {
    resourceType: 'Condition',
    clinicalStatus: { coding: [{ code: 'resolved' }] },
    code: { text: 'Asma <img src="x" onerror="window.hacked=3">' },
    onsetDateTime: '2001',
    subject: { reference: url(2) },
  },
];

const section = (title: string, code: string, entries: number[]): CompositionSection => ({
  title,
  code: loinc(code, title),
  text: { status: 'generated', div: HOSTILE_DIV },
  entry: entries.map((n) => ({ reference: url(10 + n) })),
});

const composition: Composition = {
  resourceType: 'Composition',
  language: 'it',
  status: 'final',
  type: loinc('60591-5', 'Patient summary Document'),
  subject: { reference: url(2), display: 'Mario Rossi' },
  date: '2026-11-28T09:00:00Z',
  author: [{ reference: url(3), display: 'Ospedale Demo' }],
  title: 'Profilo sanitario sintetico',
  section: [
    section('Problemi', '11450-4', [0]),
    section('Allergie e intolleranze', '48765-2', [1]),
    section('Terapie farmacologiche', '10160-0', [2]),
    section('Vaccinazioni', '11369-6', [3]),
    section('Risultati di laboratorio', '30954-2', [4]),
    section('Problemi pregressi', '11348-0', [5]),
    {
      title: 'Dispositivi medici',
      code: loinc('46264-8', 'History of medical device use'),
      text: { status: 'generated', div: HOSTILE_DIV },
      emptyReason: { coding: [{ code: 'unavailable', display: 'Unavailable' }] },
    },
  ],
};

export const IPS_BUNDLE: Bundle = {
  resourceType: 'Bundle',
  type: 'document',
  timestamp: '2026-11-28T09:00:00Z',
  entry: [
    { fullUrl: url(1), resource: composition },
    {
      fullUrl: url(2),
      resource: {
        resourceType: 'Patient',
        name: [{ given: ['Mario'], family: 'Rossi' }],
        birthDate: '1958-04-12',
        gender: 'male',
      },
    },
    { fullUrl: url(3), resource: { resourceType: 'Organization', name: 'Ospedale Demo' } },
    ...resources.map((resource, n) => ({ fullUrl: url(10 + n), resource })),
  ],
};
