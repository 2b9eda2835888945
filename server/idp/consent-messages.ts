import type { SmartResource } from '../../src/contract/apps';
import type { Locale } from './locale';

/** Texts of the page where a patient lets a third-party app read the dossier (consent-page.ts). */
export interface ConsentMessages {
  title: string;
  intro: string;
  readOnly: string;
  everything: string;
  identity: string;
  offline: string;
  online: string;
  whose: string;
  ownDossier: string;
  returnTo: string;
  revokeLater: string;
  allow: string;
  deny: string;
  nobody: string;
  back: string;
  pickPatient: string;
  resources: Record<SmartResource, string>;
}

export const consentMessages: Record<Locale, ConsentMessages> = {
  it: {
    title: 'Collegare «{app}»?',
    intro: '«{app}» chiede di leggere questi dati del fascicolo:',
    readOnly: 'L’app può solo leggere: non può modificare nulla nel fascicolo.',
    everything: 'Tutto il fascicolo, anche i tipi di dati che il portale aggiungerà in futuro:',
    identity: 'Chi sei: il tuo profilo di paziente nel portale.',
    offline:
      'Potrà continuare a leggerli anche quando non sei collegato, per 90 giorni o finché non revochi l’accesso.',
    online: 'Potrà leggerli solo finché resti collegato al portale.',
    whose: 'Di quale fascicolo?',
    ownDossier: 'Il fascicolo di {name}',
    returnTo: 'Dopo la tua scelta tornerai all’app, all’indirizzo {origin}.',
    revokeLater: 'Puoi revocare l’accesso in ogni momento da Sicurezza › App collegate.',
    allow: 'Consenti',
    deny: 'Non consentire',
    nobody:
      'Solo i pazienti, e gli ospiti per i fascicoli che possono consultare, possono collegare un’app al fascicolo.',
    back: 'Torna all’app',
    pickPatient: 'Scegli il fascicolo che l’app può leggere.',
    resources: {
      Patient: 'Dati anagrafici',
      Observation: 'Esami e misurazioni',
      DocumentReference: 'Referti e documenti clinici',
      Binary: 'File dei referti (PDF)',
      Condition: 'Problemi di salute e diagnosi',
      AllergyIntolerance: 'Allergie e intolleranze',
      MedicationStatement: 'Farmaci',
      Immunization: 'Vaccinazioni',
      CarePlan: 'Piani di cura',
      QuestionnaireResponse: 'Questionari compilati',
      Consent: 'Consensi',
      AuditEvent: 'Storico degli accessi al fascicolo',
      '*': 'Tutto il fascicolo',
    },
  },
  en: {
    title: 'Connect “{app}”?',
    intro: '“{app}” asks to read this data from the dossier:',
    readOnly: 'The app can only read: it cannot change anything in the dossier.',
    everything: 'The whole dossier, including kinds of data the portal will add in the future:',
    identity: 'Who you are: your patient profile in the portal.',
    offline: 'It can keep reading it while you are signed out, for 90 days or until you revoke its access.',
    online: 'It can read it only while you stay signed in to the portal.',
    whose: 'Whose dossier?',
    ownDossier: 'The dossier of {name}',
    returnTo: 'After you choose you will go back to the app, at {origin}.',
    revokeLater: 'You can revoke its access at any time from Security › Connected apps.',
    allow: 'Allow',
    deny: 'Don’t allow',
    nobody: 'Only patients, and guests for the dossiers they may read, can connect an app to a dossier.',
    back: 'Back to the app',
    pickPatient: 'Choose the dossier the app may read.',
    resources: {
      Patient: 'Personal details',
      Observation: 'Test results and measurements',
      DocumentReference: 'Reports and clinical documents',
      Binary: 'Report files (PDF)',
      Condition: 'Health problems and diagnoses',
      AllergyIntolerance: 'Allergies and intolerances',
      MedicationStatement: 'Medications',
      Immunization: 'Immunizations',
      CarePlan: 'Care plans',
      QuestionnaireResponse: 'Completed questionnaires',
      Consent: 'Consents',
      AuditEvent: 'History of accesses to the dossier',
      '*': 'The whole dossier',
    },
  },
};
