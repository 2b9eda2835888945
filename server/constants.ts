/** Code of the dossier consent, returned by `GET /utilities` as mdMkConsensusDossierCode. */
export const DOSSIER_CONSENT_CODE = 'CONS_DOSSIER';
