import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type {
  ConsentCategory,
  ConsentMedium,
  ConsentStatus,
  SignedConsentDocument,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, signedDocuments } from '../../db/schema';
import { modelOfConsent } from './catalogue';
import type { ConsentRow } from './records';

type Row = { consent: ConsentRow; title: string; signedAt: Date; documentId: number };

function toDocument(row: Row): SignedConsentDocument | null {
  const model = modelOfConsent(row.consent.consentCode);
  if (!model) return null;
  return {
    documentId: row.documentId,
    consentId: row.consent.id,
    consentCode: row.consent.consentCode,
    category: model.category,
    title: row.title,
    statusCode: row.consent.statusCode as ConsentStatus,
    medium: (row.consent.medium ?? 'digital') as ConsentMedium,
    signedAt: row.signedAt.toISOString(),
  };
}

/** Every signed version (digital or paper scan) of the patient's consents, newest first. */
export async function signedConsentDocuments(
  db: Database,
  patientId: number,
  options: { category?: ConsentCategory; documentIds?: readonly number[] } = {},
): Promise<SignedConsentDocument[]> {
  const rows = await db
    .select({
      consent: consents,
      title: signedDocuments.title,
      signedAt: signedDocuments.signedAt,
      documentId: signedDocuments.id,
    })
    .from(consents)
    .innerJoin(signedDocuments, eq(signedDocuments.id, consents.signedDocumentId))
    .where(
      and(
        eq(consents.patientId, patientId),
        isNotNull(consents.signedDocumentId),
        options.documentIds ? inArray(signedDocuments.id, [...options.documentIds]) : undefined,
      ),
    )
    .orderBy(desc(signedDocuments.signedAt), desc(consents.id));
  return rows
    .map(toDocument)
    .filter((document): document is SignedConsentDocument => document !== null)
    .filter((document) => !options.category || document.category === options.category);
}

export async function signedPdfs(db: Database, patientId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: signedDocuments.id,
      title: signedDocuments.title,
      pdf: signedDocuments.pdf,
      signedAt: signedDocuments.signedAt,
    })
    .from(signedDocuments)
    .where(and(eq(signedDocuments.patientId, patientId), inArray(signedDocuments.id, [...ids])));
}
