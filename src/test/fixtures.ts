/** Named demo fixtures for the client tests (the same people as the demo seed). */
import type { Patient } from '../contract/patient';
import type { RuntimeConfig } from '../contract/runtime-config';
import type { CurrentUser } from '../contract/user';

export const TEST_CONFIG: RuntimeConfig = {
  applicationTitle: 'Dossier Sanitario',
  apiBase: '/api',
  oidc: {
    authority: 'http://localhost:3000/idp',
    clientId: 'portal',
    scope: 'openid profile email offline_access',
    dpop: false,
  },
  demoMode: true,
};

export const MARIO_ROSSI: Patient = {
  mepiId: 1001,
  masterId: 'MPI-1001',
  favorite: false,
  name: 'Mario',
  surname: 'Rossi',
  middleName: null,
  sex: 'M',
  birthDate: '1958-03-14',
  birthPlace: 'Milano',
  region: 'Lombardia',
  province: 'MI',
  zip: '20121',
  fiscalCode: 'RSSMRA58C14F205X',
  maritalStatus: 'married',
  citizenship: 'Italiana',
  nationality: 'Italiana',
  lifeStatus: 'alive',
  death: null,
  identityDocument: {
    type: 'identityCard',
    number: 'CA12345AA',
    releaseDate: '2020-05-02',
    expiryDate: '2030-05-02',
    issuingAuthority: 'Comune di Milano',
  },
  residence: {
    street: 'Via Roma',
    number: '10',
    zip: '20121',
    city: 'Milano',
    province: 'MI',
    region: 'Lombardia',
    country: 'Italia',
  },
  domicile: null,
  contacts: {
    homePhone: null,
    fax: null,
    mobilePhone: '+39 333 1234567',
    mobilePhone2: null,
    email: 'mario.rossi@example.org',
    email2: null,
  },
  relatedPersons: [{ relationship: 'Coniuge', name: 'Anna', surname: 'Bianchi', phone: '+39 333 7654321' }],
  healthService: {
    aslResidenceCode: '030201',
    aslAssistanceCode: '030201',
    healthCardNumber: '80380000001234567890',
    healthCardExpiryDate: '2028-12-31',
    stpCode: null,
    teamCode: null,
    generalPractitioner: {
      code: 'MMG001',
      name: 'Giulia',
      surname: 'Verdi',
      fiscalCode: null,
      phone: '+39 02 1234567',
      email: 'giulia.verdi@example.org',
    },
  },
  personIdentifiers: [{ type: 'CF', value: 'RSSMRA58C14F205X' }],
  positionStatus: { merged: false, alive: true },
};

export const PATIENT_MARIO: CurrentUser = {
  id: 1,
  userType: 'PAT',
  permissionList: ['perm.meview.consent.read', 'perm.meview.consent.patient.autonomy'],
  inProject: false,
  displayName: 'Mario Rossi',
  patientId: MARIO_ROSSI.mepiId,
};

export const PHYSICIAN_VERDI: CurrentUser = {
  id: 2,
  userType: 'PHY',
  permissionList: ['perm.meview.consent.read', 'perm.meview.consent.write', 'perm.meview.project.info'],
  inProject: true,
  displayName: 'Giulia Verdi',
  patientId: null,
};
