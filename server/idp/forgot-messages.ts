import type { Locale } from './locale';

/** Texts of the forgotten-password pages (forgot-page.ts), part of `messages`. */
export interface ForgotMessages {
  forgotLink: string;
  forgotBack: string;
  forgotTitle: string;
  forgotIntro: string;
  forgotIdentifier: string;
  forgotIdentifierHint: string;
  forgotIdentifierMissing: string;
  forgotSend: string;
  forgotCodeTitle: string;
  forgotCodeIntro: string;
  forgotContinue: string;
  forgotCodeWrong: string;
  forgotResent: string;
  forgotFactorTitle: string;
  forgotFactorIntro: string;
  forgotPasswordTitle: string;
  forgotPasswordIntro: string;
  forgotPasswordHint: string;
  forgotSave: string;
  forgotMissing: string;
  forgotMismatch: string;
  forgotTooShort: string;
  forgotTooLong: string;
  forgotCommon: string;
  forgotPersonal: string;
  forgotExpiredTitle: string;
  forgotExpired: string;
  forgotNoFactorTitle: string;
  forgotNoFactor: string;
}

export const forgotMessages: Record<Locale, ForgotMessages> = {
  it: {
    forgotLink: 'Password dimenticata?',
    forgotBack: 'Torna all’accesso',
    forgotTitle: 'Password dimenticata',
    forgotIntro:
      'Inserisci il nome utente o il codice fiscale: se corrisponde a un account, invieremo un codice via SMS al cellulare registrato.',
    forgotIdentifier: 'Nome utente o codice fiscale',
    forgotIdentifierHint: 'Per esempio mario.rossi oppure RSSMRA80A01H501U',
    forgotIdentifierMissing: 'Inserisci il nome utente o il codice fiscale.',
    forgotSend: 'Invia il codice',
    forgotCodeTitle: 'Inserisci il codice ricevuto',
    forgotCodeIntro:
      'Se i dati corrispondono a un account con un cellulare registrato, ti abbiamo inviato un codice via SMS. Se non arriva entro qualche minuto, controlla i dati o chiedi un nuovo codice.',
    forgotContinue: 'Continua',
    forgotCodeWrong: 'Codice non valido o scaduto: controlla l’SMS o chiedi un nuovo codice.',
    forgotResent: 'Se i dati corrispondono a un account, ti abbiamo inviato un nuovo codice.',
    forgotFactorTitle: 'Conferma con l’app di autenticazione',
    forgotFactorIntro:
      'Per il personale serve anche il codice dell’app di autenticazione prima di scegliere la nuova password.',
    forgotPasswordTitle: 'Scegli la nuova password',
    forgotPasswordIntro:
      'Dopo il salvataggio ogni accesso aperto con la vecchia password verrà chiuso e riceverai un SMS di conferma.',
    forgotPasswordHint:
      'Almeno 12 caratteri. Evita password comuni e il tuo nome, cognome, nome utente o codice fiscale.',
    forgotSave: 'Salva la password e accedi',
    forgotMissing: 'Inserisci la nuova password e la conferma.',
    forgotMismatch: 'Le due password non coincidono.',
    forgotTooShort: 'La password deve avere almeno 12 caratteri.',
    forgotTooLong: 'La password può avere al massimo 128 caratteri.',
    forgotCommon: 'Questa password è tra le più usate e facili da indovinare: scegline un’altra.',
    forgotPersonal: 'La password non deve contenere il tuo nome, cognome, nome utente o codice fiscale.',
    forgotExpiredTitle: 'Richiesta scaduta',
    forgotExpired:
      'La richiesta di reimpostare la password è scaduta o è già stata usata. Ricomincia dalla pagina di accesso.',
    forgotNoFactorTitle: 'Serve l’assistenza',
    forgotNoFactor:
      'Il tuo account non ha ancora un’app di autenticazione attiva: per reimpostare la password rivolgiti all’assistenza.',
  },
  en: {
    forgotLink: 'Forgot your password?',
    forgotBack: 'Back to sign in',
    forgotTitle: 'Forgotten password',
    forgotIntro:
      'Enter your username or fiscal code: if it matches an account, we will send a code by SMS to the mobile number on record.',
    forgotIdentifier: 'Username or fiscal code',
    forgotIdentifierHint: 'For example mario.rossi or RSSMRA80A01H501U',
    forgotIdentifierMissing: 'Enter your username or fiscal code.',
    forgotSend: 'Send the code',
    forgotCodeTitle: 'Enter the code you received',
    forgotCodeIntro:
      'If the details match an account with a mobile number on record, we sent you a code by SMS. If it does not arrive within a few minutes, check the details or ask for a new code.',
    forgotContinue: 'Continue',
    forgotCodeWrong: 'Invalid or expired code: check the SMS or ask for a new code.',
    forgotResent: 'If the details match an account, we sent you a new code.',
    forgotFactorTitle: 'Confirm with your authenticator app',
    forgotFactorIntro: 'Staff also give their authenticator app’s code before choosing the new password.',
    forgotPasswordTitle: 'Choose your new password',
    forgotPasswordIntro:
      'Once it is saved, every session opened with the old password is signed out and you get a confirmation SMS.',
    forgotPasswordHint:
      'At least 12 characters. Avoid common passwords and your name, surname, username or fiscal code.',
    forgotSave: 'Save the password and sign in',
    forgotMissing: 'Enter the new password and its confirmation.',
    forgotMismatch: 'The two passwords do not match.',
    forgotTooShort: 'The password must have at least 12 characters.',
    forgotTooLong: 'The password can have at most 128 characters.',
    forgotCommon: 'This password is among the most used and easiest to guess: choose another one.',
    forgotPersonal: 'The password must not contain your name, surname, username or fiscal code.',
    forgotExpiredTitle: 'Request expired',
    forgotExpired:
      'The request to reset the password has expired or was already used. Start again from the sign-in page.',
    forgotNoFactorTitle: 'Ask the help desk',
    forgotNoFactor:
      'Your account has no authenticator app set up yet: ask the help desk to reset your password.',
  },
};
