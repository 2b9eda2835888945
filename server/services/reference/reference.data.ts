import type { PatientLocationCode } from '../../../src/contract';
import type { Localized } from '../language';

/** Code tables a hospital would load from its master data; these are the embedded defaults. */
export const pidTypes: readonly { code: string; desc: Localized }[] = [
  { code: 'CF', desc: { it: 'Codice fiscale', en: 'Fiscal code' } },
  { code: 'MPI', desc: { it: 'Identificativo anagrafe centrale', en: 'Master patient index' } },
  {
    code: 'TEAM',
    desc: { it: 'Tessera europea di assicurazione malattia', en: 'European health insurance card' },
  },
  { code: 'STP', desc: { it: 'Straniero temporaneamente presente', en: 'Temporarily present foreigner' } },
  { code: 'ENI', desc: { it: 'Europeo non iscritto', en: 'Non-registered EU citizen' } },
  { code: 'PASSPORT', desc: { it: 'Passaporto', en: 'Passport' } },
];

export const patientLocations: readonly { code: PatientLocationCode; desc: Localized }[] = [
  { code: 'O', desc: { it: 'Ricovero ordinario', en: 'Inpatient admission' } },
  { code: 'DH', desc: { it: 'Day hospital', en: 'Day hospital' } },
  { code: 'DS', desc: { it: 'Day surgery', en: 'Day surgery' } },
  { code: 'E', desc: { it: 'Pronto soccorso', en: 'Emergency department' } },
  { code: 'SCR', desc: { it: 'Screening', en: 'Screening' } },
  { code: 'I', desc: { it: 'Ambulatoriale', en: 'Outpatient' } },
];

export const helpDesk = { phone: '800 123 456', email: 'assistenza@example.it' } as const;
