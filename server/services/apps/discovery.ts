/**
 * What SMART App Launch 2.2 discovery says of this server (conformance §"Metadata"): the embedded IdP's
 * endpoints, the scopes and the capabilities of a standalone patient launch.
 */
export const SMART_CAPABILITIES = [
  'launch-standalone',
  'client-public',
  'client-confidential-symmetric',
  'context-standalone-patient',
  'permission-v2',
  'permission-v1',
  'permission-patient',
  'permission-offline',
  'sso-openid-connect',
] as const;

/** The scopes an app may ask, in SMART's own examples' spelling (every `patient/<Type>.rs` is accepted). */
export const SMART_SCOPES_SUPPORTED = [
  'openid',
  'fhirUser',
  'launch/patient',
  'offline_access',
  'patient/*.rs',
  'patient/*.read',
  'patient/Patient.rs',
  'patient/Observation.rs',
  'patient/DocumentReference.rs',
  'patient/Binary.rs',
  'patient/Condition.rs',
  'patient/AllergyIntolerance.rs',
  'patient/MedicationStatement.rs',
  'patient/Immunization.rs',
  'patient/CarePlan.rs',
  'patient/QuestionnaireResponse.rs',
  'patient/Consent.rs',
  'patient/AuditEvent.rs',
] as const;

export interface SmartConfiguration {
  issuer: string;
  jwks_uri: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  scopes_supported: string[];
  response_types_supported: string[];
  code_challenge_methods_supported: string[];
  capabilities: string[];
}

/** The document, with oidc-provider's default routes under the issuer (`/auth`, `/token`, `/jwks`, …). */
export function smartConfiguration(issuer: string): SmartConfiguration {
  return {
    issuer,
    jwks_uri: `${issuer}/jwks`,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    revocation_endpoint: `${issuer}/token/revocation`,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
    scopes_supported: [...SMART_SCOPES_SUPPORTED],
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    capabilities: [...SMART_CAPABILITIES],
  };
}
