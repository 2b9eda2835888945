import { DOSSIER_CONSENT_CODE } from '../../constants';
import { consentTitle, modelOfConsent } from '../../services/consents/catalogue';
import { renderConsentPdf } from '../../services/consents/pdf';
import type { Database } from '../client';
import { consents, projects, signedDocuments } from '../schema';
import type { SeedPatient } from './patients';
import type { Random } from './random';

/** Demo projects, each with its participation consent model (server/services/consents/models). */
export const demoProjects = [
  {
    code: 'CUORE',
    name: 'Cuore in Rete',
    description: 'Telemonitoraggio dello scompenso cardiaco',
    consentCode: 'CONS_PRJ_CARDIO',
  },
  {
    code: 'DIABETE',
    name: 'Diabete Insieme',
    description: 'Percorso condiviso diabetologo - medico di famiglia',
    consentCode: 'CONS_PRJ_DIAB',
  },
  {
    code: 'BIOBANCA',
    name: 'Biobanca oncologica',
    description: 'Campioni biologici per la ricerca',
    consentCode: 'CONS_PRJ_BIOBANK',
  },
  {
    code: 'COVID',
    name: 'Follow-up post COVID-19',
    description: 'Studio concluso il 31/12/2024',
    consentCode: 'CONS_PRJ_COVID',
  },
] as const;

const day = (iso: string): Date => new Date(`${iso}T09:30:00Z`);

/** A "scan" of a paper consent for the demo: the consent form rendered with its answers. */
async function paperScan(
  db: Database,
  patientId: number,
  patient: SeedPatient,
  consentCode: string,
  project: { name: string } | null,
  jsonData: Record<string, unknown>,
  signedAt: Date,
): Promise<number> {
  const model = modelOfConsent(consentCode);
  if (!model) throw new Error(`no model for ${consentCode}`);
  const pdf = await renderConsentPdf({
    model,
    action: 'give',
    language: 'it',
    patient,
    project,
    jsonData,
    signer: { type: 'self' },
    collectedBy: 'Paolo Esposito',
    now: signedAt,
  });
  const title = consentTitle(model, project, 'it');
  const [row] = await db
    .insert(signedDocuments)
    .values({ patientId, title, kind: 'paper-scan', pdf, signedAt })
    .returning({ id: signedDocuments.id });
  if (!row) throw new Error('scan not stored');
  return row.id;
}

/**
 * Projects and consents of the demo: the dossier consent for most patients (about one in eight
 * without, and the accounts flagged withoutDossierConsent); Mario Rossi participates in Cuore in Rete
 * and is invited to Diabete Insieme, both on paper scans he can download; Giulia Bianchi revoked her
 * consent to the closed COVID study; patient 4 has an expired Diabete Insieme consent.
 */
export async function seedConsents(
  db: Database,
  input: {
    patientIds: readonly number[];
    seedPatients: readonly SeedPatient[];
    withoutConsent: ReadonlySet<number | undefined>;
    random: Random;
  },
): Promise<void> {
  const { patientIds, seedPatients, withoutConsent, random } = input;
  const projectRows = await db
    .insert(projects)
    .values([...demoProjects])
    .returning();
  const projectOf = (code: string) => {
    const project = projectRows.find((row) => row.code === code);
    if (!project) throw new Error(`no project ${code}`);
    return project;
  };

  const dossierRows = patientIds
    // About one patient in eight has not given the dossier consent, so staff meet the refusal too.
    .map((patientId, index) => ({ patientId, index }))
    .filter(({ index }) => !withoutConsent.has(index) && (index < 3 || index % 8 !== 5))
    .map(({ patientId }) => ({
      patientId,
      consentCode: DOSSIER_CONSENT_CODE,
      statusCode: 'GIVEN',
      medium: 'paper',
      signerType: 'self',
      details: { jsonData: { informationRead: true, sensitiveData: 'exclude' }, version: 1 },
      signedAt: new Date(Date.UTC(2024, random.int(0, 11), random.int(1, 28))),
    }));
  await db.insert(consents).values(dossierRows);

  const [mario, giulia, , , patient4] = patientIds;
  const [marioData] = seedPatients;
  if (mario === undefined || giulia === undefined || patient4 === undefined || !marioData) return;
  const cuore = projectOf('CUORE');
  const diabete = projectOf('DIABETE');
  const covid = projectOf('COVID');
  const cardioAnswers = { informationRead: true, remoteMonitoring: true };
  const cardioSigned = day('2025-09-15');
  const cardioScan = await paperScan(
    db,
    mario,
    marioData,
    'CONS_PRJ_CARDIO',
    cuore,
    cardioAnswers,
    cardioSigned,
  );
  await db.insert(consents).values([
    {
      patientId: mario,
      consentCode: 'CONS_PRJ_CARDIO',
      projectId: cuore.id,
      statusCode: 'GIVEN',
      signedDocumentId: cardioScan,
      electronicDocumentId: `EDR-2025-${String(cardioScan).padStart(8, '0')}`,
      medium: 'paper',
      signerType: 'self',
      details: { jsonData: cardioAnswers, version: 1 },
      signedAt: cardioSigned,
      expiresAt: day('2027-09-15'),
    },
    {
      patientId: mario,
      consentCode: 'CONS_PRJ_DIAB',
      projectId: diabete.id,
      statusCode: 'INVITE',
      details: { jsonData: {}, version: 1 },
      createdAt: day('2026-10-02'),
    },
    {
      patientId: giulia,
      consentCode: 'CONS_PRJ_COVID',
      projectId: covid.id,
      statusCode: 'REVOKED',
      medium: 'paper',
      signerType: 'self',
      details: { jsonData: { informationRead: true }, version: 2 },
      signedAt: day('2023-02-01'),
      revokedAt: day('2023-02-01'),
    },
    {
      patientId: patient4,
      consentCode: 'CONS_PRJ_DIAB',
      projectId: diabete.id,
      statusCode: 'GIVEN',
      medium: 'paper',
      signerType: 'self',
      details: { jsonData: { informationRead: true, glucoseDevice: 'meter' }, version: 1 },
      signedAt: day('2024-03-01'),
      expiresAt: day('2025-03-01'),
    },
  ]);
}
