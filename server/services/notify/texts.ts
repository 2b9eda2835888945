import type { NotificationEvent } from '../../../src/contract';
import type { Localized } from '../language';

/**
 * What a notification says: which kind of thing happened, never what it is (a lock screen is public;
 * no titles, names or diagnoses). The portal shows the rest after login.
 */
export const EVENT_TITLES: Record<NotificationEvent, Localized> = {
  DOCUMENT_NEW: { it: 'Nuovo documento disponibile', en: 'New document available' },
  DOCUMENT_ANNULLED: { it: 'Un documento è stato annullato', en: 'A document has been cancelled' },
  DOCUMENT_REPLACED: { it: 'Un documento è stato sostituito', en: 'A document has been replaced' },
  PROJECT_INVITED: { it: 'Hai ricevuto un invito a un progetto', en: 'You have been invited to a project' },
  PROJECT_REMOVED: {
    it: 'La partecipazione a un progetto è terminata',
    en: 'Your participation in a project has ended',
  },
  UPLOAD_REJECTED: {
    it: 'Un documento caricato non è stato accettato',
    en: 'An uploaded document was not accepted',
  },
  DOCUMENTATION_STATUS_CHANGED: {
    it: 'Lo stato della documentazione è cambiato',
    en: 'The status of the documentation has changed',
  },
  GUEST_INVITE_REFUSED: { it: 'Un invito è stato rifiutato', en: 'An invitation was declined' },
  CARE_PLAN_REMINDER: { it: 'Promemoria del piano di cura', en: 'Care plan reminder' },
  CONSENT_TO_SIGN: { it: 'Hai un consenso da firmare', en: 'You have a consent to sign' },
  SURVEY_SENT: {
    it: 'Hai un nuovo questionario da compilare',
    en: 'You have a new questionnaire to fill in',
  },
  CONFERENCE_REQUESTED: { it: 'Nuova richiesta di videoconferenza', en: 'New videoconference request' },
  CONFERENCE_ACCEPTED: { it: 'Videoconferenza accettata', en: 'Videoconference accepted' },
  CONFERENCE_REJECTED: { it: 'Videoconferenza rifiutata', en: 'Videoconference declined' },
  CONFERENCE_REMINDER: { it: 'Promemoria: videovisita in programma', en: 'Reminder: upcoming video visit' },
  MESSAGE_NEW: { it: 'Hai un nuovo messaggio', en: 'You have a new message' },
  // The link's label is the patient's own words (often a visit or a condition): it stays in the portal.
  SHL_OPENED: { it: 'Un tuo link condiviso è stato aperto', en: 'One of your shared links was opened' },
  // Who read and what stays in the portal: the treatment history shows it after login.
  ACCESS_ALERT: { it: 'Qualcuno ha aperto il tuo Fascicolo', en: 'Someone opened your health record' },
  ACCESS_DISPUTE_ANSWERED: {
    it: 'La tua segnalazione ha ricevuto una risposta',
    en: 'Your report has been answered',
  },
  EXPORT_READY: {
    it: "L'archivio del tuo Fascicolo è pronto da scaricare",
    en: 'Your health record archive is ready to download',
  },
  NEW_DEVICE_LOGIN: {
    it: 'Nuovo accesso al Fascicolo da un nuovo dispositivo',
    en: 'New sign-in to the portal from a new device',
  },
};

export const OPEN_FOR_DETAILS: Localized = {
  it: 'Apri il Fascicolo per i dettagli.',
  en: 'Open the portal for the details.',
};

export function digestTitle(count: number): Localized {
  return { it: `Hai ${count} novità nel Fascicolo`, en: `You have ${count} updates in the portal` };
}
