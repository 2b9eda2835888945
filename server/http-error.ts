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
};

/** An error with a status and a catalogue code; `app.onError` turns it into the contract's ErrorReply. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503,
    readonly code: ErrorCode,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(errorMessages[code]);
    this.name = 'HttpError';
  }
}
