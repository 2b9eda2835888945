import type { Permission, UserType } from '../../../src/contract';

/** Every demo account shares this password; the login page lists the accounts in demo mode. */
export const DEMO_PASSWORD = 'Dossier2026!';
/**
 * Staff's second factor: every demo staff account is enrolled with this authenticator key (base32,
 * RFC 6238 defaults), written in the README so a script logs in as a person would
 * (`npx tsx tools/totp.ts DOSSIERDEMOSTAFFTOTPSECRETABCDEF`).
 */
export const DEMO_TOTP_SECRET = 'DOSSIERDEMOSTAFFTOTPSECRETABCDEF';

export interface DemoAccount {
  username: string;
  userType: UserType;
  displayName: string;
  /** Index into the seeded patients (0-based) for patients and guests. */
  patientIndex?: number;
  permissions: readonly Permission[];
  inProject: boolean;
  /** Patient whose dossier consent is not given yet: `/me` answers 403 code 0. */
  withoutDossierConsent?: boolean;
  requiresFeaConsents?: boolean;
  /** Where one-time codes and new PINs are sent (the demo reads them at /dev/sms). */
  mobilePhone: string;
  /** The person's own fiscal code; patients take the one of their patient record instead. */
  fiscalCode?: string;
  /** Staff: the unit's code; without it staff take the units in turn. */
  unitCode?: string;
  /** Staff who have not set up their authenticator yet: the first login shows its QR code. */
  withoutAuthenticator?: boolean;
  note: string;
}

const patientPermissions: readonly Permission[] = [
  'perm.meview.consent.read',
  'perm.meview.consent.write',
  'perm.meview.consent.patient.autonomy',
  'perm.meview.customDocument.read',
  'perm.meview.document.obscure',
];
const physicianPermissions: readonly Permission[] = [
  'perm.meview.consent.read',
  'perm.meview.consent.write',
  'perm.meview.customDocument.read',
  'perm.meview.project.info',
];

export const demoAccounts: readonly DemoAccount[] = [
  {
    username: 'mario.rossi',
    userType: 'PAT',
    displayName: 'Mario Rossi',
    patientIndex: 0,
    permissions: patientPermissions,
    inProject: true,
    mobilePhone: '+39 333 1000001',
    note: 'patient',
  },
  {
    username: 'giulia.bianchi',
    userType: 'PAT',
    displayName: 'Giulia Bianchi',
    patientIndex: 1,
    permissions: patientPermissions,
    inProject: false,
    mobilePhone: '+39 333 1000002',
    note: 'patient',
  },
  {
    username: 'luca.verdi',
    userType: 'PAT',
    displayName: 'Luca Verdi',
    patientIndex: 2,
    permissions: patientPermissions,
    inProject: false,
    withoutDossierConsent: true,
    mobilePhone: '+39 333 1000003',
    note: 'patient without the dossier consent (403 code 0)',
  },
  {
    username: 'dott.ferrari',
    userType: 'PHY',
    displayName: 'Dott.ssa Anna Ferrari',
    permissions: physicianPermissions,
    inProject: true,
    mobilePhone: '+39 347 2000004',
    fiscalCode: 'FRRNNA75C54F205F',
    note: 'physician',
  },
  {
    username: 'operatore',
    userType: 'OPT',
    displayName: 'Paolo Esposito',
    // No perm.meview.customDocument.read: reviewing uploads is a physician's act (docs/decisions.md).
    permissions: ['perm.meview.consent.read', 'perm.meview.consent.write'],
    inProject: false,
    mobilePhone: '+39 347 2000005',
    fiscalCode: 'SPSPLA80L02F839E',
    note: 'operator',
  },
  {
    username: 'admin',
    userType: 'ADM',
    displayName: 'Amministratore di sistema',
    permissions: ['perm.meview.consent.read', 'perm.meview.project.info'],
    inProject: false,
    mobilePhone: '+39 347 2000006',
    fiscalCode: 'GLLMRC70A20H501P',
    note: 'administrator',
  },
  {
    username: 'ospite',
    userType: 'GUE',
    displayName: 'Sara Rossi',
    patientIndex: 0,
    permissions: [],
    inProject: false,
    mobilePhone: '+39 340 3000007',
    fiscalCode: 'RSSSRA88E49L219H',
    note: "guest of Mario Rossi's dossier",
  },
  {
    // Last, so the ids of the accounts above do not move; a colleague for dott.ferrari to write to.
    username: 'dott.conti',
    userType: 'PHY',
    displayName: 'Dott. Marco Conti',
    permissions: physicianPermissions,
    inProject: false,
    mobilePhone: '+39 347 2000008',
    fiscalCode: 'CNTMRC79B12F205X',
    unitCode: 'PS',
    note: "physician, dott.ferrari's colleague",
  },
  {
    // For the account switch: a guest of two patients, who chooses whose dossier to see (seed/accounts.ts).
    username: 'marta.colombo',
    userType: 'GUE',
    displayName: 'Marta Colombo',
    patientIndex: 0,
    permissions: [],
    inProject: false,
    mobilePhone: '+39 340 3000009',
    fiscalCode: 'CLMMRT90A41F205U',
    note: "guest of two patients: two documents of Mario Rossi's, another patient's whole dossier",
  },
  {
    // A new staff account, enrolled at its first login from the QR code (e2e/security-authenticator).
    username: 'dott.galli',
    userType: 'PHY',
    displayName: 'Dott.ssa Elena Galli',
    permissions: physicianPermissions,
    inProject: false,
    mobilePhone: '+39 347 2000010',
    unitCode: 'PS',
    withoutAuthenticator: true,
    note: 'new physician: sets up the authenticator at the first login',
  },
  {
    // The patient whose password the forgotten-password journey changes (e2e/security-recovery).
    username: 'ilaria.serra',
    userType: 'PAT',
    displayName: 'Ilaria Serra',
    patientIndex: 3,
    permissions: patientPermissions,
    inProject: false,
    mobilePhone: '+39 333 1000011',
    note: 'patient who resets a forgotten password',
  },
  {
    // The patient whose password the password-change journey changes (e2e/security-password).
    username: 'marco.greco',
    userType: 'PAT',
    displayName: 'Marco Greco',
    patientIndex: 7,
    permissions: patientPermissions,
    inProject: false,
    mobilePhone: '+39 333 1000012',
    note: 'patient who changes his password',
  },
];

/** What the IdP's login page shows in demo mode; handed to it by `server/main.ts` (run-time code never imports the seed). */
export const demoLogin = {
  usernames: demoAccounts.map((account) => account.username),
  password: DEMO_PASSWORD,
  totpSecret: DEMO_TOTP_SECRET,
} as const;
