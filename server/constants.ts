/** Code of the dossier consent, returned by `GET /utilities` as mdMkConsensusDossierCode. */
export const DOSSIER_CONSENT_CODE = 'CONS_DOSSIER';

/** Where the FHIR endpoint is mounted (the IPS `$summary` operation), beside the API. */
export const FHIR_BASE = '/fhir';
