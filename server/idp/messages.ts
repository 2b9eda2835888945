/** Texts of the identity provider's pages: Italian is the default, English the option. */
export type Locale = 'it' | 'en';

export const locales: readonly Locale[] = ['it', 'en'];

export interface Messages {
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
}

export const messages: Record<Locale, Messages> = {
  it: {
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
  },
  en: {
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
  },
};
