/**
 * The treatment history in words: access titles, activities and roles as the reader's language names
 * them, and who read (a user, or an app for them). The history (history.ts), the officer's queue and FHIR's
 * AuditEvent read the same labels.
 */
import type { AccessTitle, AuditActivity } from './audit';
import type { Language, Localized } from './language';

const accessTitles = {
  SELF: { it: 'Titolare', en: 'Owner' },
  DELEGATE: { it: 'Delegato', en: 'Delegate' },
  DOSSIER_CONSENT: { it: 'Consenso al dossier', en: 'Dossier consent' },
  SHARED_LINK: { it: 'Link condiviso dal titolare', en: "The owner's shared link" },
  NONE: { it: 'Nessun titolo', en: 'No title' },
} satisfies Record<AccessTitle, Localized>;

const activities = {
  PATIENT_READ: { it: 'Consultazione dei dati anagrafici', en: 'Demographic data read' },
  PATIENT_LIST: { it: 'Presenza in un elenco di pazienti', en: 'Shown in a patient list' },
  PATIENT_SEARCH: { it: 'Ritrovamento in una ricerca di pazienti', en: 'Found by a patient search' },
  DOCUMENT_LIST: { it: "Consultazione dell'elenco documenti", en: 'Document list read' },
  DOCUMENT_READ: { it: 'Consultazione di un documento', en: 'Document read' },
  DOCUMENT_VIEW: { it: 'Visualizzazione di un documento', en: 'Document viewed' },
  DOCUMENT_DOWNLOAD: { it: 'Scaricamento di un documento', en: 'Document downloaded' },
  DOCUMENT_RESTORE: { it: 'Richiesta di ripristino di un documento', en: 'Document restore requested' },
  DOCUMENT_OBSCURE: { it: 'Oscuramento di un documento', en: 'Document obscuring changed' },
  STUDY_STATUS: { it: 'Verifica dello stato delle immagini', en: 'Image study status checked' },
  STUDY_MOVE: { it: 'Richiesta di recupero delle immagini', en: 'Image study retrieval requested' },
  STUDY_VIEW: { it: 'Visualizzazione delle immagini', en: 'Image study viewed' },
  HISTORY_READ: { it: 'Consultazione dello storico trattamenti', en: 'Treatment history read' },
  CONSENT_READ: { it: 'Consultazione dei consensi', en: 'Consents read' },
  CONSENT_WRITE: { it: 'Raccolta di un consenso', en: 'Consent collected' },
  UPLOAD_READ: { it: 'Consultazione dei documenti caricati', en: 'Uploaded documents read' },
  UPLOAD_WRITE: { it: 'Caricamento o modifica di un documento', en: 'Document uploaded or changed' },
  UPLOAD_REVIEW: { it: 'Approvazione o rifiuto di un documento caricato', en: 'Uploaded document reviewed' },
  DOCUMENT_REQUEST_READ: { it: 'Consultazione delle richieste di copie', en: 'Copy requests read' },
  DOCUMENT_REQUEST_WRITE: { it: 'Richiesta di copie di documenti', en: 'Copy request made or changed' },
  CARE_PLAN_READ: { it: 'Consultazione dei piani di cura', en: 'Care plans read' },
  CARE_PLAN_WRITE: {
    it: "Registrazione di un'attività del piano di cura",
    en: 'Care plan activity recorded',
  },
  PAIR_READ: { it: 'Consultazione dei piani riabilitativi', en: 'Rehabilitation plans read' },
  PAIR_WRITE: {
    it: 'Scrittura di un piano riabilitativo o di una sessione',
    en: 'Rehabilitation plan or session written',
  },
  SUMMARY_READ: { it: 'Consultazione della sintesi clinica (IPS)', en: 'Patient summary (IPS) read' },
  SHL_READ: { it: 'Consultazione dei link condivisi', en: 'Shared links read' },
  SHL_WRITE: { it: 'Creazione o revoca di un link condiviso', en: 'Shared link made or revoked' },
  SHL_OPEN: { it: 'Apertura di un link condiviso', en: 'Shared link opened' },
  RECORD_EXPORT: {
    it: "Richiesta dell'archivio completo del fascicolo",
    en: 'Whole-record archive requested',
  },
  RECORD_EXPORT_DOWNLOAD: {
    it: "Download dell'archivio completo del fascicolo",
    en: 'Whole-record archive downloaded',
  },
  RESULTS_READ: { it: 'Consultazione degli esami e del loro andamento', en: 'Results and trends viewed' },
  READING_READ: {
    it: 'Consultazione delle misurazioni inserite dal paziente',
    en: 'Patient-entered readings viewed',
  },
  READING_WRITE: {
    it: 'Misurazione inserita o corretta dal paziente',
    en: 'Reading entered or corrected by the patient',
  },
  FHIR_READ: {
    it: "Lettura dei dati attraverso l'interfaccia FHIR",
    en: 'Data read through the FHIR interface',
  },
  APP_AUTHORIZE: { it: "Collegamento di un'app al fascicolo", en: 'App connected to the record' },
  APP_REVOKE: { it: "Revoca dell'accesso di un'app", en: 'App access revoked' },
  DISPUTE_WRITE: { it: 'Segnalazione di un accesso non riconosciuto', en: 'Unrecognised access reported' },
  DISPUTE_READ: {
    it: 'Esame delle segnalazioni da parte del responsabile privacy',
    en: 'Reports reviewed by the privacy officer',
  },
  DISPUTE_ANSWER: { it: 'Risposta a una segnalazione di accesso', en: 'Access report answered' },
} satisfies Record<AuditActivity, Localized>;

const userRoles: Record<string, Localized> = {
  PAT: { it: 'Paziente', en: 'Patient' },
  PHY: { it: 'Medico', en: 'Physician' },
  OPT: { it: 'Operatore', en: 'Operator' },
  ADM: { it: 'Amministratore', en: 'Administrator' },
  GUE: { it: 'Ospite', en: 'Guest' },
  EXT: { it: 'Destinatario di un link condiviso', en: 'Shared link recipient' },
};

const onBehalfOf: Localized = { it: 'per conto di', en: 'on behalf of' };

/** Who read: the user, or the app that read for them, named first (the patient allowed it, not a person). */
export function readerOf(entry: { userName: string; appName: string | null }, language: Language): string {
  return entry.appName ? `${entry.appName}, ${onBehalfOf[language]} ${entry.userName}` : entry.userName;
}

/** The activity in words; a decision about an app names the app (kept in the row's detail). */
export function activityText(entry: { activity: string; detail: string | null }, language: Language): string {
  const text = label(activities, entry.activity, language);
  return APP_DECISIONS.has(entry.activity) && entry.detail ? `${text}: «${entry.detail}»` : text;
}
const APP_DECISIONS = new Set<string>(['APP_AUTHORIZE', 'APP_REVOKE'] satisfies AuditActivity[]);

/** Codes written by areas added later fall back to the code itself rather than failing the history. */
function label(table: Record<string, Localized>, code: string, language: Language): string {
  return table[code]?.[language] ?? code;
}

export const accessTitleLabel = (code: string, language: Language): string =>
  label(accessTitles, code, language);
export const activityLabel = (code: string, language: Language): string => label(activities, code, language);
export const userRoleLabel = (code: string, language: Language): string => label(userRoles, code, language);

/** An audit row's role, title and activity as the reader's language names them (the officer's queue). */
export function accessLabels(
  row: { userRole: string; accessTitle: string; activity: string },
  language: Language,
): { userRole: string; accessTitle: string; activity: string } {
  return {
    userRole: label(userRoles, row.userRole, language),
    accessTitle: label(accessTitles, row.accessTitle, language),
    activity: label(activities, row.activity, language),
  };
}
