/**
 * The error catalogue of spec section 8, keyed by the contract's codes. The server's `message` stays
 * Italian for logs; the portal shows these translated texts.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ErrorCode, ErrorReply, FieldErrorCode } from '../contract/common';

const ERROR_TEXT: Readonly<
  Record<
    Exclude<
      ErrorCode,
      | 'INTERNAL'
      | 'BAD_REQUEST'
      | 'IMAGES_NOT_ALLOWED_FOR_ROLE'
      | 'OTP_RESEND_TOO_SOON'
      | 'PIN_WRONG'
      | 'PIN_LOCKED'
    >,
    MessageDescriptor
  >
> = {
  UNAUTHENTICATED: msg`Sessione di lavoro terminata`,
  SESSION_EXPIRED: msg`Sessione di lavoro scaduta`,
  ACCESS_DENIED: msg`Accesso negato`,
  DOSSIER_NOT_AUTHORIZED: msg`Non sei autorizzato ad accedere al dossier`,
  NOT_FOUND: msg`Elemento non trovato`,
  FUNCTION_NOT_AVAILABLE: msg`Funzione non disponibile`,
  DOCUMENT_UNAVAILABLE: msg`Impossibile visualizzare il documento. Se il problema persiste, contatta l'assistenza.`,
  DOWNLOAD_NOT_ALLOWED: msg`Non disponi delle autorizzazioni necessarie per scaricare questo documento`,
  STUDY_MOVE_FAILED: msg`Errore durante il recupero delle immagini dello studio`,
  RATE_LIMITED: msg`Troppe richieste: riprova tra qualche istante`,
  SIGN_AUTHORIZED_USER_ERROR: msg`Errore firma utente autorizzato`,
  SIGN_OTP_ERROR: msg`Errore nella firma via OTP`,
  SIGN_CONTEXT_INVALID: msg`Contesto di firma non valido`,
  SIGN_PREPARE_ERROR: msg`Errore nella preparazione dei documenti da firmare`,
  SIGN_CERTIFICATES_ERROR: msg`Errore nel recupero dei certificati disponibili`,
  SIGN_NO_VALID_CERTIFICATE: msg`Impossibile procedere in assenza di certificato di firma valido`,
  SIGN_CDC_ERROR: msg`Errore nella firma con condivisione di contesto`,
  SIGN_PATIENT_PHONE_MISSING: msg`Il paziente non ha un cellulare registrato per ricevere il codice: raccogli il consenso su carta`,
  OTP_EXPIRED: msg`Il codice è scaduto: richiedine uno nuovo`,
  OTP_TOO_MANY_ATTEMPTS: msg`Troppi codici errati: richiedi un nuovo codice`,
  PIN_RESET_INVALID_USER: msg`Identificativo utente non valido`,
  PIN_RESET_INVALID_CODE: msg`Codice di sicurezza non valido`,
  INFORMED_CONSENT_CHECK_ERROR: msg`Errore durante la verifica del consenso informato`,
  CONSENT_DOCUMENT_ERROR: msg`Errore nella preparazione del documento di consenso`,
  CONSENT_DOCUMENT_PERMISSION: msg`Non disponi dei permessi per preparare il documento di consenso`,
  MODEL_SCHEMA_ERROR: msg`Errore nel recupero dello schema del modulo`,
  MODEL_NOT_SELECTED: msg`Nessun modello selezionato`,
  MISSING_PARAMETER: msg`Parametro obbligatorio mancante`,
  CONSENT_LIST_ERROR: msg`Errore nel recupero della lista dei consensi`,
  CONSENT_EDIT_ERROR: msg`Errore nella modifica del consenso`,
  CONSENTS_EXPIRED: msg`Il paziente ha consensi scaduti da rinnovare`,
  CONSENT_CLOSED: msg`Non è più possibile modificare questo consenso`,
  CONSENT_REVOKE_PROJECTS_FIRST: msg`Per revocare il consenso al dossier revoca prima i consensi ai progetti`,
  PROJECT_NOT_MEMBER: msg`Non disponi dei permessi o non sei membro del progetto`,
  PROJECT_PARTICIPATION_ENDED: msg`La partecipazione è stata terminata dal progetto: per partecipare di nuovo serve un nuovo invito`,
  CONSENT_ASK_PHYSICIAN: msg`Questo consenso può essere raccolto solo dal tuo medico: rivolgiti a lui`,
  PERMISSION_MISSING: msg`Non disponi dei permessi necessari per questa operazione`,
  UPLOAD_NOT_PDF: msg`Il formato del documento dev'essere .pdf`,
  UPLOAD_WRONG_FORMAT: msg`Formato documento errato`,
  UPLOAD_ACTIVE_CONTENT: msg`Il documento contiene script, comandi o allegati e non può essere caricato`,
  UPLOAD_TOO_LARGE: msg`File troppo pesante`,
  UPLOAD_ERROR: msg`Errore di upload`,
  UPLOAD_NOT_PENDING: msg`Il documento è già stato esaminato: non può più essere modificato`,
  USER_CREATE_ERROR: msg`Errore durante la creazione dell'utente`,
  GUEST_SAVE_ERROR: msg`Errore durante il salvataggio della persona autorizzata`,
  HOSPITALIZATIONS_ALREADY_REQUESTED: msg`Non è stato stato possibile completare la richiesta in quanto i ricoveri selezionati risultano già associati ad un'altra richiesta`,
  REQUEST_NOT_CANCELLABLE: msg`La richiesta non può più essere annullata`,
  REQUEST_NOT_DELETABLE: msg`Solo una richiesta annullata o completata può essere eliminata`,
  REQUEST_TOO_LARGE: msg`Dati inviati troppo pesanti`,
  SERVER_BUSY: msg`Servizio momentaneamente sovraccarico: riprova tra qualche istante`,
  REQUEST_TIMEOUT: msg`Il server non ha risposto in tempo. Riprova tra qualche istante.`,
  DB_UNAVAILABLE: msg`Archivio dati momentaneamente non raggiungibile: riprova tra qualche istante`,
  CONFERENCE_NOT_ALLOWED: msg`Non puoi richiedere una videoconferenza con questo paziente`,
  CONFERENCE_ALREADY_REQUESTED: msg`Hai già una richiesta di videoconferenza in attesa con questo paziente`,
  CONFERENCE_ALREADY_ANSWERED: msg`La richiesta di videoconferenza ha già ricevuto una risposta`,
  CONFERENCE_NOT_ACTIVE: msg`La videoconferenza non è attiva`,
  CONFERENCE_NOT_YET_OPEN: msg`La visita non è ancora aperta: potrai entrare da 10 minuti prima dell'inizio`,
  SURVEY_CLOSED: msg`Il questionario è chiuso: non si può più compilare né rifiutare`,
  SURVEY_TEMPLATE_INVALID: msg`Il modello del questionario non è valido`,
  PAI_ACTIVITY_ALREADY_DONE: msg`L'attività è già stata segnata come svolta`,
  PAI_NOT_ACTIVE: msg`Il piano di cura non è più in vigore`,
  PAI_NOT_IN_FORCE: msg`Il piano di cura entra in vigore con l'adesione al progetto`,
  CDC_ERROR: msg`Errore durante il recupero della condivisione di contesto`,
  ACCOUNT_STRONG_LOGIN_REQUIRED: msg`Per passare a questo profilo inserisci il codice dell'app di autenticazione`,
  ACCOUNT_STEP_UP_WRONG: msg`Codice non valido: inserisci il codice attuale dell'app di autenticazione (ogni codice vale una sola volta)`,
  ACCOUNT_STEP_UP_LOCKED: msg`Troppi codici errati: riprova tra 15 minuti`,
  PASSWORD_REFUSED: msg`La password scelta non è accettabile: controlla il campo indicato`,
  AUTHENTICATOR_ENROLMENT_EXPIRED: msg`La nuova chiave non è più valida: ricomincia la configurazione`,
  PASSKEY_REFUSED: msg`La passkey non è stata accettata: riprova`,
  PASSKEY_LIMIT: msg`Hai già 10 passkey: rimuovine una prima di aggiungerne un’altra`,
  ACCOUNT_SWITCH_CONFLICT: msg`Il profilo è appena stato cambiato: riprova`,
  PAIR_NOT_EDITABLE: msg`Il piano riabilitativo non può più essere modificato`,
  PAIR_NOT_ACTIVE: msg`Solo un piano riabilitativo attivo può essere chiuso`,
  PAIR_TOO_MANY_DRAFTS: msg`Il paziente ha già troppe bozze di piano riabilitativo: completane o eliminane una`,
  PRIPRI_NO_PLAN: msg`Il paziente non ha un piano riabilitativo attivo con indici da monitorare`,
  PRIPRI_SESSION_EXISTS: msg`Per questa data è già registrata una sessione`,
  SECURITY_CODE_WRONG: msg`Codice non valido: inserisci il codice ricevuto via SMS (ogni codice vale una sola volta)`,
  SECURITY_NO_PHONE: msg`Nessun numero di cellulare registrato per l'invio del codice: rivolgiti all'help desk`,
  SECURITY_PASSWORD_WRONG: msg`La password attuale non è corretta`,
  DISPUTE_EXISTS: msg`Questo accesso è già stato segnalato`,
  DISPUTE_CLOSED: msg`La segnalazione è già stata chiusa`,
};

const FIELD_TEXT: Readonly<Record<FieldErrorCode, MessageDescriptor>> = {
  required: msg`Campo obbligatorio`,
  invalid: msg`Valore non valido`,
  tooLong: msg`Valore troppo lungo`,
  tooShort: msg`Valore troppo corto`,
  outOfRange: msg`Valore fuori dall'intervallo consentito`,
  invalidPeriod: msg`Il periodo di date inserito non è corretto`,
  unknown: msg`Campo non riconosciuto`,
  invalidEmail: msg`Inserisci una Email valida.`,
  common: msg`È una delle password più usate: scegline una meno prevedibile, per esempio una frase di più parole`,
  personal: msg`Non usare il tuo nome, il codice fiscale o il nome utente nella password`,
  taken: msg`Valore già in uso: scegline un altro`,
};

export function fieldErrorMessage(code: FieldErrorCode): MessageDescriptor {
  return FIELD_TEXT[code];
}

/** The generic text of the catalogue: retry, then call the help desk with the error's id. */
export function internalErrorMessage(errorId: string | undefined): MessageDescriptor {
  return errorId
    ? msg`Si è verificato un errore. Riprova e, se il problema persiste, contatta l'help desk indicando il codice ${errorId}.`
    : msg`Si è verificato un errore. Riprova e, se il problema persiste, contatta l'help desk.`;
}

export function errorReplyMessage(reply: ErrorReply): MessageDescriptor {
  switch (reply.code) {
    case 'INTERNAL':
      return internalErrorMessage(reply.errorId);
    case 'BAD_REQUEST': {
      const count = reply.fields?.length ?? 0;
      return count > 0
        ? msg`Alcuni dati non sono validi: controlla i campi indicati (${count}).`
        : msg`La richiesta non è valida.`;
    }
    case 'IMAGES_NOT_ALLOWED_FOR_ROLE': {
      const userRole = reply.params?.userRole ?? '';
      return msg`Gli utenti di tipo ${userRole} non possono visualizzare le immagini`;
    }
    case 'OTP_RESEND_TOO_SOON': {
      const seconds = Number(reply.params?.seconds ?? 0);
      return msg`${plural(seconds, { one: 'Attendi # secondo prima di richiedere un nuovo codice', other: 'Attendi # secondi prima di richiedere un nuovo codice' })}`;
    }
    case 'PIN_WRONG': {
      const remaining = reply.params?.remaining ?? '';
      return msg`PIN errato: tentativi rimasti ${remaining}`;
    }
    case 'PIN_LOCKED': {
      const until = reply.params?.until ?? '';
      return msg`Troppi PIN errati: la firma è bloccata fino alle ${until}`;
    }
    default:
      return ERROR_TEXT[reply.code];
  }
}

export const NETWORK_ERROR = msg`Impossibile contattare il server. Controlla la connessione e riprova.`;
export const TIMEOUT_ERROR = msg`Il server non ha risposto in tempo. Riprova tra qualche istante.`;
export const INVALID_REPLY_ERROR = msg`Risposta del server non valida. Riprova e, se il problema persiste, contatta l'help desk.`;
export const CDC_ERROR_MESSAGE = ERROR_TEXT.CDC_ERROR;
export const SIGN_CDC_ERROR_MESSAGE = ERROR_TEXT.SIGN_CDC_ERROR;
