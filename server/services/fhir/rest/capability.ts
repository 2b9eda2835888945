import type {
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestResourceSearchParam,
  CapabilityStatementRestSecurity,
} from '@medplum/fhirtypes';
import type { FhirResourceType } from '../../../../src/contract/fhir';

type SearchParam = CapabilityStatementRestResourceSearchParam;

const param = (name: string, type: SearchParam['type'], documentation: string): SearchParam => ({
  name,
  type,
  documentation,
});

/** R4's SearchParameters shared by several types (the `clinical-…` family and Resource's own). */
const SHARED: Record<string, string> = {
  _id: 'Resource-id',
  _lastUpdated: 'Resource-lastUpdated',
  patient: 'clinical-patient',
  code: 'clinical-code',
  date: 'clinical-date',
  type: 'clinical-type',
};
/** Where R4 defines a parameter on the type itself (`AuditEvent-patient`, `DocumentReference-date` …). */
const OWN: Partial<Record<string, readonly string[]>> = {
  AuditEvent: ['patient', 'date'],
  QuestionnaireResponse: ['patient'],
  DocumentReference: ['date'],
};

/** The canonical URL of the R4 SearchParameter a type's parameter is (http://hl7.org/fhir/R4/searchparameter-registry.html). */
function definitionOf(type: string, name: string): string {
  // The medication resources share their own `code`.
  if (type === 'MedicationStatement' && name === 'code')
    return 'http://hl7.org/fhir/SearchParameter/medications-code';
  const shared = SHARED[name];
  const id = shared && !OWN[type]?.includes(name) ? shared : `${type}-${name}`;
  return `http://hl7.org/fhir/SearchParameter/${id}`;
}

const patientParam = param('patient', 'reference', 'The patient (the portal’s patient id).');
const lastUpdated = param('_lastUpdated', 'date', 'When the row was recorded.');

/** What each served type can be searched by (what the sources apply; anything else is ignored). */
const searchParams: Record<FhirResourceType | 'Binary' | 'Organization', SearchParam[]> = {
  Patient: [param('_id', 'token', 'The patient’s id.')],
  Observation: [
    patientParam,
    param('code', 'token', 'LOINC code, e.g. http://loinc.org|4548-4.'),
    param('category', 'token', 'laboratory, vital-signs or survey.'),
    param('date', 'date', 'When the value was taken.'),
    lastUpdated,
  ],
  Condition: [
    patientParam,
    param('code', 'token', 'SNOMED CT or ICD-9-CM.'),
    param('category', 'token', 'problem-list-item.'),
    param('clinical-status', 'token', 'active, resolved…'),
    param('onset-date', 'date', 'Onset.'),
    param('recorded-date', 'date', 'Recorded.'),
    lastUpdated,
  ],
  AllergyIntolerance: [
    patientParam,
    param('code', 'token', 'SNOMED CT.'),
    param('category', 'token', 'food, medication, environment, biologic.'),
    param('clinical-status', 'token', 'active, inactive, resolved.'),
    param('date', 'date', 'Recorded.'),
    lastUpdated,
  ],
  MedicationStatement: [
    patientParam,
    param('code', 'token', 'ATC.'),
    param('effective', 'date', 'Start of the period taken.'),
    lastUpdated,
  ],
  Immunization: [
    patientParam,
    param('vaccine-code', 'token', 'SNOMED CT or ATC.'),
    param('date', 'date', 'Day given.'),
    lastUpdated,
  ],
  DocumentReference: [
    patientParam,
    param('type', 'token', 'LOINC document code (59284-0: a signed consent).'),
    param('date', 'date', 'When the document was written or signed.'),
    lastUpdated,
  ],
  CarePlan: [
    patientParam,
    param('category', 'token', 'urn:portal:care-plan|PAI or |PAIR, or a PAI type (urn:portal:pai-type).'),
    param('date', 'date', 'The period the plan covers.'),
    lastUpdated,
  ],
  QuestionnaireResponse: [
    patientParam,
    param('authored', 'date', 'When the answers last changed.'),
    lastUpdated,
  ],
  Consent: [
    patientParam,
    param('status', 'token', 'proposed, active, rejected or inactive.'),
    param('date', 'date', 'When the patient signed, refused or revoked.'),
    lastUpdated,
  ],
  AuditEvent: [patientParam, param('date', 'date', 'When the access happened.'), lastUpdated],
  Binary: [],
  Organization: [],
};

/**
 * SMART App Launch 2.2 §2.1.3: the OAuth endpoints as the `oauth-uris` extension (the embedded IdP's
 * oidc-provider routes) and the SMART-on-FHIR service, beside the `.well-known/smart-configuration` that
 * SMART requires.
 */
export function smartSecurity(issuer: string): CapabilityStatementRestSecurity {
  return {
    extension: [
      {
        url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
        extension: [
          { url: 'authorize', valueUri: `${issuer}/auth` },
          { url: 'token', valueUri: `${issuer}/token` },
          { url: 'revoke', valueUri: `${issuer}/token/revocation` },
        ],
      },
    ],
    service: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
            code: 'SMART-on-FHIR',
          },
        ],
        text: 'OAuth2 using SMART-on-FHIR profile (see http://docs.smarthealthit.org)',
      },
    ],
    cors: true,
  };
}

/**
 * The CapabilityStatement (`GET /fhir/metadata`): FHIR 4.0.1, JSON, read and search on each served type
 * (Binary and the hospital's Organization by read alone). `security` carries what SMART App Launch
 * publishes there; the full discovery is at `.well-known/smart-configuration`.
 */
export function capabilityStatement(options: {
  base: string;
  name: string;
  served: readonly (FhirResourceType | 'Binary' | 'Organization')[];
  security?: CapabilityStatementRestSecurity;
}): CapabilityStatement {
  const resource = (type: FhirResourceType | 'Binary' | 'Organization'): CapabilityStatementRestResource => {
    const params = searchParams[type].map((search) => ({
      ...search,
      definition: definitionOf(type, search.name),
    }));
    return {
      type,
      interaction: [{ code: 'read' }, ...(params.length > 0 ? [{ code: 'search-type' as const }] : [])],
      ...(params.length > 0 ? { searchParam: params } : {}),
    };
  };
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: new Date().toISOString().slice(0, 10),
    publisher: options.name,
    kind: 'instance',
    software: { name: options.name },
    implementation: { description: `${options.name} FHIR API`, url: options.base },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        ...(options.security ? { security: options.security } : {}),
        resource: options.served.map(resource),
        operation: [
          {
            name: 'summary',
            definition: 'http://hl7.org/fhir/uv/ips/OperationDefinition/summary',
          },
        ],
      },
    ],
  };
}
