import type { Permission, UserType } from '../../../src/contract';

/** Every demo account shares this password; the login page lists the accounts in demo mode. */
export const DEMO_PASSWORD = 'Dossier2026!';

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
  note: string;
}

const patientPermissions: readonly Permission[] = [
  'perm.meview.consent.read',
  'perm.meview.consent.write',
  'perm.meview.consent.patient.autonomy',
  'perm.meview.customDocument.read',
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
    note: 'patient',
  },
  {
    username: 'giulia.bianchi',
    userType: 'PAT',
    displayName: 'Giulia Bianchi',
    patientIndex: 1,
    permissions: patientPermissions,
    inProject: false,
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
    note: 'patient without the dossier consent (403 code 0)',
  },
  {
    username: 'dott.ferrari',
    userType: 'PHY',
    displayName: 'Dott.ssa Anna Ferrari',
    permissions: physicianPermissions,
    inProject: true,
    note: 'physician',
  },
  {
    username: 'operatore',
    userType: 'OPT',
    displayName: 'Paolo Esposito',
    permissions: ['perm.meview.consent.read', 'perm.meview.consent.write', 'perm.meview.customDocument.read'],
    inProject: false,
    note: 'operator',
  },
  {
    username: 'admin',
    userType: 'ADM',
    displayName: 'Amministratore di sistema',
    permissions: ['perm.meview.consent.read', 'perm.meview.project.info'],
    inProject: false,
    note: 'administrator',
  },
  {
    username: 'ospite',
    userType: 'GUE',
    displayName: 'Sara Rossi',
    patientIndex: 0,
    permissions: [],
    inProject: false,
    note: "guest of Mario Rossi's dossier",
  },
];
