import type { CodeableConcept, Coding, Reference, Resource } from '@medplum/fhirtypes';
import type { Language } from '../language';

/**
 * The code systems and identifier namespaces of the patient summary, as HL7 publishes them (terminology.hl7.org
 * and the IPS implementation guide's aliases); HL7 Italia's NamingSystem for the fiscal code.
 */
export const systems = {
  loinc: 'http://loinc.org',
  snomed: 'http://snomed.info/sct',
  /** ICD-9-CM diagnosis codes (THO CodeSystem ICD-9CM-diagnosiscodes, OID 2.16.840.1.113883.6.103). */
  icd9cm: 'http://hl7.org/fhir/sid/icd-9-cm',
  atc: 'http://www.whocc.no/atc',
  ucum: 'http://unitsofmeasure.org',
  /** Codice fiscale (HL7 Italia; HL7 Europe's EHIC personal-id value set names the same URI). */
  fiscalCode: 'http://hl7.it/sid/codiceFiscale',
  /** RFC 3986 identifiers: a `urn:uuid:` value names the document. */
  uri: 'urn:ietf:rfc:3986',
  conditionClinical: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
  conditionCategory: 'http://terminology.hl7.org/CodeSystem/condition-category',
  allergyClinical: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  listEmptyReason: 'http://terminology.hl7.org/CodeSystem/list-empty-reason',
  actClass: 'http://terminology.hl7.org/CodeSystem/v3-ActClass',
  confidentiality: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality',
  consentScope: 'http://terminology.hl7.org/CodeSystem/consentscope',
  consentState: 'http://hl7.org/fhir/consent-state-codes',
  auditEventType: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
  restfulInteraction: 'http://hl7.org/fhir/restful-interaction',
  auditEntityType: 'http://terminology.hl7.org/CodeSystem/audit-entity-type',
  objectRole: 'http://terminology.hl7.org/CodeSystem/object-role',
  securitySourceType: 'http://terminology.hl7.org/CodeSystem/security-source-type',
  dicom: 'http://dicom.nema.org/resources/ontology/DCM',
} as const;

/**
 * The portal's own codes, where no published system names the thing (a plan's kind, a consent's code, an
 * activity of the treatment history): URNs of the portal, as the PAIR vocabularies' `urn:portal:pair/…`, the
 * same on every installation so a search names them without knowing the host.
 */
export const portalSystems = {
  carePlanKind: 'urn:portal:care-plan',
  paiType: 'urn:portal:pai-type',
  consent: 'urn:portal:consent',
  consentModel: 'urn:portal:consent-model',
  auditActivity: 'urn:portal:audit-activity',
  userRole: 'urn:portal:user-role',
  accessTitle: 'urn:portal:access-title',
} as const;

const ips = 'http://hl7.org/fhir/uv/ips/StructureDefinition';

/** The IPS profiles each resource of the summary claims (`meta.profile`). */
export const profiles = {
  bundle: `${ips}/Bundle-uv-ips`,
  composition: `${ips}/Composition-uv-ips`,
  patient: `${ips}/Patient-uv-ips`,
  organization: `${ips}/Organization-uv-ips`,
  condition: `${ips}/Condition-uv-ips`,
  allergy: `${ips}/AllergyIntolerance-uv-ips`,
  medicationStatement: `${ips}/MedicationStatement-uv-ips`,
  immunization: `${ips}/Immunization-uv-ips`,
  laboratoryResult: `${ips}/Observation-results-laboratory-pathology-uv-ips`,
} as const;

/** A resource's place in the bundle: its id, its `fullUrl` and how the others reference it. */
export interface EntryId {
  id: string;
  fullUrl: string;
}

/** The document's entries are named by fresh UUIDs: `fullUrl` `urn:uuid:…`, the same UUID as the id. */
export function entryId(uuid: string): EntryId {
  return { id: uuid, fullUrl: `urn:uuid:${uuid}` };
}

/** A reference to an entry of the bundle, typed as the element that holds it expects. */
export const referenceTo = <T extends Resource>(entry: EntryId, display?: string): Reference<T> =>
  display === undefined ? { reference: entry.fullUrl } : { reference: entry.fullUrl, display };

/** A coded element: the codings as the systems define them, the text in the caller's language. */
export function concept(codings: Coding[], text?: string): CodeableConcept {
  return text === undefined ? { coding: codings } : { coding: codings, text };
}

/** Everything the mapping of one resource needs besides its row. */
export interface MappingContext {
  language: Language;
  patient: EntryId;
  organization: EntryId;
}

/**
 * A resource of the REST API (`/fhir`): its logical id, referenced relatively (`Condition/12`), as a FHIR
 * server's resources reference each other; the bundle's absolute fullUrl is the base and this.
 */
export const restEntry = (type: string, id: string | number): EntryId => ({
  id: String(id),
  fullUrl: `${type}/${id}`,
});
