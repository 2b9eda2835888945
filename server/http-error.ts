import type { ErrorCode, FieldError } from '../src/contract';

/** Italian text of each error code, for logs and non-portal clients; the portal translates the code. */
export const errorMessages: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Richiesta non valida',
  UNAUTHENTICATED: 'Autenticazione richiesta',
  SESSION_EXPIRED: 'Sessione di lavoro scaduta',
  ACCESS_DENIED: 'Accesso negato',
  DOSSIER_NOT_AUTHORIZED: 'Non sei autorizzato ad accedere al dossier',
  NOT_FOUND: 'Risorsa non trovata',
  FUNCTION_NOT_AVAILABLE: 'Funzione non disponibile',
  DOCUMENT_UNAVAILABLE: 'Impossibile visualizzare il documento',
  DOWNLOAD_NOT_ALLOWED: 'Non disponi delle autorizzazioni necessarie per scaricare questo documento',
  STUDY_MOVE_FAILED: 'Errore nello spostamento dello studio',
  IMAGES_NOT_ALLOWED_FOR_ROLE: 'Gli utenti di tipo {userRole} non possono visualizzare le immagini',
  RATE_LIMITED: 'Troppi tentativi, riprova più tardi',
  INTERNAL: 'Si è verificato un errore imprevisto',
  SIGN_AUTHORIZED_USER_ERROR: 'Errore firma utente autorizzato',
  SIGN_OTP_ERROR: 'Errore nella firma via OTP',
  SIGN_CONTEXT_INVALID: 'Contesto di firma non valido',
  SIGN_PREPARE_ERROR: 'Errore nella preparazione dei documenti da firmare',
  SIGN_CERTIFICATES_ERROR: 'Errore nel recupero dei certificati disponibili',
  SIGN_NO_VALID_CERTIFICATE: 'Impossibile procedere in assenza di certificato di firma valido',
  SIGN_CDC_ERROR: 'Errore nella firma con condivisione di contesto',
  CDC_ERROR: 'Errore durante il recupero della condivisione di contesto',
  SIGN_PATIENT_PHONE_MISSING:
    'Il paziente non ha un cellulare registrato per ricevere il codice: raccogli il consenso su carta',
  OTP_EXPIRED: 'Il codice è scaduto: richiedine uno nuovo',
  OTP_TOO_MANY_ATTEMPTS: 'Troppi codici errati: richiedi un nuovo codice',
  OTP_RESEND_TOO_SOON: 'Attendi {seconds} secondi prima di richiedere un nuovo codice',
  PIN_WRONG: 'PIN errato: tentativi rimasti {remaining}',
  PIN_LOCKED: 'Troppi PIN errati: la firma è bloccata fino alle {until}',
  PIN_RESET_INVALID_USER: 'Identificativo utente non valido',
  PIN_RESET_INVALID_CODE: 'Codice di sicurezza non valido',
  INFORMED_CONSENT_CHECK_ERROR: 'Errore durante la verifica del consenso informato',
  CONSENT_DOCUMENT_ERROR: 'Errore nella preparazione del documento di consenso',
  CONSENT_DOCUMENT_PERMISSION: 'Non disponi dei permessi per preparare il documento di consenso',
  MODEL_SCHEMA_ERROR: 'Errore nel recupero dello schema del modulo',
  MODEL_NOT_SELECTED: 'Nessun modello selezionato',
  MISSING_PARAMETER: 'Parametro obbligatorio mancante',
  CONSENT_LIST_ERROR: 'Errore nel recupero della lista dei consensi',
  CONSENT_EDIT_ERROR: 'Errore nella modifica del consenso',
  CONSENTS_EXPIRED: 'Il paziente ha consensi scaduti da rinnovare',
  CONSENT_CLOSED: 'Non è più possibile modificare questo consenso',
  CONSENT_REVOKE_PROJECTS_FIRST: 'Per revocare il consenso al dossier revoca prima i consensi ai progetti',
  PROJECT_NOT_MEMBER: 'Non disponi dei permessi o non sei membro del progetto',
  CONSENT_ASK_PHYSICIAN: 'Questo consenso può essere raccolto solo dal tuo medico: rivolgiti a lui',
  PERMISSION_MISSING: 'Non disponi dei permessi necessari per questa operazione',
  UPLOAD_NOT_PDF: "Il formato del documento dev'essere .pdf",
  UPLOAD_WRONG_FORMAT: 'Formato documento errato',
  UPLOAD_ACTIVE_CONTENT: 'Il documento contiene script, comandi o allegati e non può essere caricato',
  UPLOAD_TOO_LARGE: 'File troppo pesante',
  UPLOAD_ERROR: 'Errore di upload',
  UPLOAD_NOT_PENDING: 'Il documento è già stato esaminato: non può più essere modificato',
  USER_CREATE_ERROR: "Errore durante la creazione dell'utente",
  GUEST_SAVE_ERROR: 'Errore durante il salvataggio della persona autorizzata',
  HOSPITALIZATIONS_ALREADY_REQUESTED:
    "Non è stato stato possibile completare la richiesta in quanto i ricoveri selezionati risultano già associati ad un'altra richiesta",
  REQUEST_NOT_CANCELLABLE: 'La richiesta non può più essere annullata',
  REQUEST_NOT_DELETABLE: 'Solo una richiesta annullata o completata può essere eliminata',
  REQUEST_TOO_LARGE: 'Dati inviati troppo pesanti',
  SERVER_BUSY: 'Servizio momentaneamente sovraccarico: riprova tra qualche istante',
  REQUEST_TIMEOUT: 'Il server non ha risposto in tempo. Riprova tra qualche istante.',
  DB_UNAVAILABLE: 'Archivio dati momentaneamente non raggiungibile: riprova tra qualche istante',
  CONFERENCE_NOT_ALLOWED: 'Non puoi richiedere una videoconferenza con questo paziente',
  CONFERENCE_ALREADY_REQUESTED: 'Hai già una richiesta di videoconferenza in attesa con questo paziente',
  CONFERENCE_ALREADY_ANSWERED: 'La richiesta di videoconferenza ha già ricevuto una risposta',
  CONFERENCE_NOT_ACTIVE: 'La videoconferenza non è attiva',
  SURVEY_CLOSED: 'Il questionario è chiuso: non si può più compilare né rifiutare',
  SURVEY_TEMPLATE_INVALID: 'Il modello del questionario non è valido',
  PAI_ACTIVITY_ALREADY_DONE: "L'attività è già stata segnata come svolta",
  PAI_NOT_ACTIVE: 'Il piano di cura non è più in vigore',
  ACCOUNT_STRONG_LOGIN_REQUIRED:
    "Per passare a questo profilo esci e accedi con il codice dell'app di autenticazione",
  ACCOUNT_SWITCH_CONFLICT: 'Il profilo è appena stato cambiato: riprova',
  PAIR_NOT_EDITABLE: 'Il piano riabilitativo non può più essere modificato',
  PAIR_NOT_ACTIVE: 'Solo un piano riabilitativo attivo può essere chiuso',
  PAIR_TOO_MANY_DRAFTS: 'Il paziente ha già troppe bozze di piano riabilitativo: completane o eliminane una',
  PRIPRI_NO_PLAN: 'Il paziente non ha un piano riabilitativo attivo con indici da monitorare',
  PRIPRI_SESSION_EXISTS: 'Per questa data è già registrata una sessione',
};

/** An error with a status and a catalogue code; `app.onError` turns it into the contract's ErrorReply. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    readonly code: ErrorCode,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Values of the placeholders in the code's text (`{seconds}`, `{remaining}`…). */
    readonly params?: Record<string, string>,
  ) {
    super(
      Object.entries(params ?? {}).reduce(
        (text, [name, value]) => text.replace(`{${name}}`, value),
        errorMessages[code],
      ),
    );
    this.name = 'HttpError';
  }
}
