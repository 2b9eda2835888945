import { type ForgotMessages, forgotMessages } from './forgot-messages';
import type { Locale } from './locale';

/** Texts of the identity provider's pages, one set per locale (./locale.ts). */
export interface Messages extends ForgotMessages {
  languageName: string;
  switchLanguage: string;
  signInTitle: string;
  signInIntro: string;
  username: string;
  password: string;
  submit: string;
  invalidCredentials: string;
  tooManyAttempts: string;
  missingFields: string;
  demoTitle: string;
  demoIntro: string;
  demoPassword: string;
  demoTotp: string;
  roles: Record<string, string>;
  signOutTitle: string;
  signOutText: string;
  signOutButton: string;
  signedOutTitle: string;
  signedOutText: string;
  backToPortal: string;
  errorTitle: string;
  errorText: string;
  interactionExpired: string;
  forgotPin: string;
  help: string;
  faq: string;
  codeTitle: string;
  codeSentTo: string;
  codeRequest: string;
  codeLabel: string;
  codeHint: string;
  rememberDevice: string;
  verify: string;
  resend: string;
  resendIn: string;
  codeResent: string;
  resendTooSoon: string;
  wrongCode: string;
  codeExpired: string;
  codeExhausted: string;
  loginError: string;
  noPhone: string;
  demoSms: string;
  newPasswordTitle: string;
  newPasswordIntro: string;
  newPassword: string;
  confirmPassword: string;
  newPasswordHint: string;
  saveNewPassword: string;
  newPasswordMissing: string;
  newPasswordTooShort: string;
  newPasswordTooLong: string;
  newPasswordCommon: string;
  newPasswordPersonal: string;
  newPasswordMismatch: string;
  newPasswordSameAsTemporary: string;
  totpTitle: string;
  totpIntro: string;
  totpLabel: string;
  totpHint: string;
  totpWrong: string;
  useSms: string;
  enrolTitle: string;
  enrolIntro: string;
  enrolQrLabel: string;
  enrolQrName: string;
  enrolSecretLabel: string;
  enrolSecretCopy: string;
  enrolUriLabel: string;
  enrolUriLink: string;
  enrolSettings: string;
  enrolCodeLabel: string;
  enrolConfirm: string;
  passkeyOr: string;
  passkeyUse: string;
  passkeySignIn: string;
  passkeyHint: string;
  passkeyRefused: string;
  passkeyCancelled: string;
  passkeyLoginRefused: string;
  passkeyLoginCancelled: string;
}

export const messages: Record<Locale, Messages> = {
  it: {
    ...forgotMessages.it,
    languageName: 'Italiano',
    switchLanguage: 'Lingua',
    signInTitle: 'Accedi',
    signInIntro: 'Inserisci le tue credenziali per accedere al dossier sanitario.',
    username: 'Nome utente',
    password: 'Password',
    submit: 'Accedi',
    invalidCredentials: 'Username o password incorretti.',
    tooManyAttempts: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
    missingFields: 'Inserisci nome utente e password.',
    demoTitle: 'Account dimostrativi',
    demoIntro: 'Ambiente dimostrativo: tutti gli account usano la stessa password.',
    demoPassword: 'Password',
    demoTotp: 'Personale: chiave dell’app di autenticazione',
    roles: { PAT: 'Paziente', PHY: 'Medico', OPT: 'Operatore', ADM: 'Amministratore', GUE: 'Ospite' },
    signOutTitle: 'Uscita in corso',
    signOutText: 'Stai per uscire dal portale.',
    signOutButton: 'Esci',
    signedOutTitle: 'Sei uscito',
    signedOutText: 'La sessione è stata chiusa correttamente.',
    backToPortal: 'Torna al portale',
    errorTitle: 'Si è verificato un errore',
    errorText: 'Non è stato possibile completare la richiesta di accesso.',
    interactionExpired: 'La richiesta di accesso è scaduta. Torna al portale e riprova.',
    help: 'Guida',
    forgotPin: 'PIN dimenticato?',
    faq: 'Domande frequenti',
    codeTitle: 'Verifica via SMS',
    codeSentTo: 'Ti abbiamo inviato un codice via SMS al numero {phone}.',
    codeRequest: 'Richiedi il codice di verifica: lo invieremo via SMS al numero {phone}.',
    codeLabel: 'Codice ricevuto via SMS',
    codeHint: '6 cifre, valido 10 minuti',
    rememberDevice: 'Ricorda questo dispositivo per 30 giorni',
    verify: 'Verifica e accedi',
    resend: 'Invia un nuovo codice',
    resendIn: 'Nuovo codice tra {seconds} s',
    codeResent: 'Ti abbiamo inviato un nuovo codice.',
    resendTooSoon: 'Attendi {seconds} secondi prima di richiedere un nuovo codice.',
    wrongCode: 'Credenziali errate',
    codeExpired: 'Il codice è scaduto: richiedine uno nuovo.',
    codeExhausted: 'Troppi codici errati: richiedi un nuovo codice.',
    loginError: 'Errore nel login',
    noPhone:
      'Errore nel login: nessun numero di cellulare registrato per la verifica via SMS. Contatta l’assistenza.',
    demoSms: 'Ambiente dimostrativo: leggi l’SMS nella pagina dei messaggi inviati',
    newPasswordTitle: 'Scegli una nuova password',
    newPasswordIntro: 'La password ricevuta via SMS è temporanea: scegline una tua per completare l’accesso.',
    newPassword: 'Nuova password',
    confirmPassword: 'Conferma la nuova password',
    newPasswordHint:
      'Almeno 12 caratteri, senza altre regole: una frase di più parole è facile da ricordare. Evita il tuo nome e le password più comuni.',
    saveNewPassword: 'Salva e accedi',
    newPasswordMissing: 'Inserisci la nuova password e la conferma.',
    newPasswordTooShort: 'La password deve avere almeno 12 caratteri.',
    newPasswordTooLong: 'La password può avere al massimo 128 caratteri.',
    newPasswordCommon:
      'È una delle password più usate: scegline una meno prevedibile, per esempio una frase di più parole.',
    newPasswordPersonal: 'La password non può contenere il tuo nome, cognome, nome utente o codice fiscale.',
    newPasswordMismatch: 'Le due password non coincidono.',
    newPasswordSameAsTemporary: 'La nuova password deve essere diversa da quella temporanea.',
    totpTitle: 'Verifica con l’app di autenticazione',
    totpIntro: 'Inserisci il codice di 6 cifre che l’app di autenticazione mostra per questo account.',
    totpLabel: 'Codice dell’app di autenticazione',
    totpHint: '6 cifre, cambia ogni 30 secondi; ogni codice vale una sola volta',
    totpWrong: 'Codice non valido: inserisci il codice attuale dell’app (ogni codice vale una sola volta).',
    useSms: 'Ricevi invece un codice via SMS',
    enrolTitle: 'Attiva la verifica in due passaggi',
    enrolIntro:
      'Il personale accede con la password e un codice generato da un’app di autenticazione (per esempio FreeOTP, Google o Microsoft Authenticator). Aggiungi questo account all’app, poi inserisci il codice che mostra.',
    enrolQrLabel: 'Inquadra il codice QR con l’app',
    enrolQrName: 'Codice QR per aggiungere questo account all’app di autenticazione',
    enrolSecretLabel: 'Oppure inserisci la chiave nell’app',
    enrolSecretCopy: 'Chiave da copiare',
    enrolUriLabel: 'Oppure, sul dispositivo che ha l’app, apri il collegamento di configurazione:',
    enrolUriLink: 'Aggiungi all’app di autenticazione',
    enrolSettings: 'Tipo: basato sul tempo, 6 cifre, ogni 30 secondi (SHA-1).',
    enrolCodeLabel: 'Codice mostrato dall’app',
    enrolConfirm: 'Attiva e accedi',
    passkeyOr: 'oppure',
    passkeyUse: 'Usa una passkey',
    passkeySignIn: 'Accedi con una passkey',
    passkeyHint:
      'Hai una passkey: usala al posto del codice, con l’impronta, il volto o il PIN del dispositivo.',
    passkeyRefused: 'La passkey non è stata accettata. Riprova, oppure usa il codice.',
    passkeyCancelled: 'Accesso con la passkey annullato o non riuscito. Riprova, oppure usa il codice.',
    passkeyLoginRefused:
      'La passkey non è stata accettata. Riprova, oppure accedi con nome utente e password.',
    passkeyLoginCancelled:
      'Accesso con la passkey annullato o non riuscito. Riprova, oppure accedi con nome utente e password.',
  },
  en: {
    ...forgotMessages.en,
    languageName: 'English',
    switchLanguage: 'Language',
    signInTitle: 'Sign in',
    signInIntro: 'Enter your credentials to access the health dossier.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    invalidCredentials: 'Incorrect username or password.',
    tooManyAttempts: 'Too many login attempts. Try again in a few minutes.',
    missingFields: 'Enter your username and password.',
    demoTitle: 'Demo accounts',
    demoIntro: 'Demo environment: every account uses the same password.',
    demoPassword: 'Password',
    demoTotp: 'Staff: authenticator app key',
    roles: { PAT: 'Patient', PHY: 'Physician', OPT: 'Operator', ADM: 'Administrator', GUE: 'Guest' },
    signOutTitle: 'Signing out',
    signOutText: 'You are about to sign out of the portal.',
    signOutButton: 'Sign out',
    signedOutTitle: 'You are signed out',
    signedOutText: 'Your session has been closed.',
    backToPortal: 'Back to the portal',
    errorTitle: 'Something went wrong',
    errorText: 'The sign-in request could not be completed.',
    interactionExpired: 'The sign-in request has expired. Go back to the portal and try again.',
    help: 'Help',
    forgotPin: 'Forgot your PIN?',
    faq: 'FAQ',
    codeTitle: 'SMS verification',
    codeSentTo: 'We sent a code by SMS to the number {phone}.',
    codeRequest: 'Request the verification code: we will send it by SMS to the number {phone}.',
    codeLabel: 'Code received by SMS',
    codeHint: '6 digits, valid for 10 minutes',
    rememberDevice: 'Remember this device for 30 days',
    verify: 'Verify and sign in',
    resend: 'Send a new code',
    resendIn: 'New code in {seconds} s',
    codeResent: 'We sent you a new code.',
    resendTooSoon: 'Wait {seconds} seconds before requesting a new code.',
    wrongCode: 'Wrong credentials',
    codeExpired: 'The code has expired: request a new one.',
    codeExhausted: 'Too many wrong codes: request a new code.',
    loginError: 'Login error',
    noPhone: 'Login error: no mobile number is registered for the SMS verification. Contact the help desk.',
    demoSms: 'Demo environment: read the SMS on the sent messages page',
    newPasswordTitle: 'Choose a new password',
    newPasswordIntro:
      'The password you received by SMS is temporary: choose your own to complete the sign-in.',
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
    newPasswordHint:
      'At least 12 characters, no other rules: a phrase of several words is easy to remember. Avoid your name and the most common passwords.',
    saveNewPassword: 'Save and sign in',
    newPasswordMissing: 'Enter the new password and its confirmation.',
    newPasswordTooShort: 'The password must have at least 12 characters.',
    newPasswordTooLong: 'The password can have at most 128 characters.',
    newPasswordCommon:
      'This is one of the most used passwords: choose a less predictable one, such as a phrase of several words.',
    newPasswordPersonal: 'The password cannot contain your name, surname, username or fiscal code.',
    newPasswordMismatch: 'The two passwords do not match.',
    newPasswordSameAsTemporary: 'The new password must be different from the temporary one.',
    totpTitle: 'Verify with your authenticator app',
    totpIntro: 'Enter the 6-digit code your authenticator app shows for this account.',
    totpLabel: 'Authenticator app code',
    totpHint: '6 digits, changes every 30 seconds; each code works once',
    totpWrong: 'Invalid code: enter the app’s current code (each code works once).',
    useSms: 'Receive an SMS code instead',
    enrolTitle: 'Set up two-step verification',
    enrolIntro:
      'Staff sign in with their password and a code from an authenticator app (for example FreeOTP, Google or Microsoft Authenticator). Add this account to the app, then enter the code it shows.',
    enrolQrLabel: 'Scan the QR code with the app',
    enrolQrName: 'QR code to add this account to the authenticator app',
    enrolSecretLabel: 'Or enter the key in the app',
    enrolSecretCopy: 'Key to copy',
    enrolUriLabel: 'Or, on the device that has the app, open the setup link:',
    enrolUriLink: 'Add to the authenticator app',
    enrolSettings: 'Type: time-based, 6 digits, every 30 seconds (SHA-1).',
    enrolCodeLabel: 'Code shown by the app',
    enrolConfirm: 'Activate and sign in',
    passkeyOr: 'or',
    passkeyUse: 'Use a passkey',
    passkeySignIn: 'Sign in with a passkey',
    passkeyHint:
      'You have a passkey: use it instead of the code, with your device’s fingerprint, face or PIN.',
    passkeyRefused: 'The passkey was not accepted. Try again, or use the code.',
    passkeyCancelled: 'Signing in with the passkey was cancelled or failed. Try again, or use the code.',
    passkeyLoginRefused: 'The passkey was not accepted. Try again, or sign in with username and password.',
    passkeyLoginCancelled:
      'Signing in with the passkey was cancelled or failed. Try again, or sign in with username and password.',
  },
};
