import type { ConsentAction, SignerType } from '../../../src/contract';
import type { Database } from '../../db/client';
import { signedDocuments, type UserRow } from '../../db/schema';
import { noticeConsentsOnBehalf } from './notice';
import { type InviteRefusalNotifier, recordConsentVersion } from './record';
import type { ConsentRow } from './records';

export interface PaperConsent {
  patientId: number;
  consentCode: string;
  projectId: number | null;
  action: ConsentAction;
  signerType: SignerType;
  title: string;
  scan: Uint8Array;
  now: Date;
  /** Tells the project's members when this paper refuses its invitation (the projects area's notifier). */
  onInviteRefused: InviteRefusalNotifier;
}

/**
 * A consent collected on paper: the signed scan is kept as a signed document of kind 'paper-scan' and
 * the consent recorded with medium 'paper', in one transaction, which also queues the patient's SMS notice
 * (sent after the commit by the caller, `dispatchQueuedSms`) and writes the history row.
 */
export function recordPaperConsent(
  db: Database,
  collector: UserRow,
  paper: PaperConsent,
): Promise<ConsentRow> {
  const { patientId, now } = paper;
  return db.transaction(async (tx) => {
    const [document] = await tx
      .insert(signedDocuments)
      .values({
        patientId,
        signerUserId: collector.id,
        title: paper.title,
        kind: 'paper-scan',
        pdf: paper.scan,
        signedAt: now,
      })
      .returning({ id: signedDocuments.id });
    if (!document) throw new Error('paper scan not stored');
    // The transaction handle is a Database for every query the service runs.
    const row = await recordConsentVersion(
      tx as unknown as Database,
      {
        patientId,
        consentCode: paper.consentCode,
        projectId: paper.projectId,
        action: paper.action,
        jsonData: {},
        signer: { type: paper.signerType },
        medium: 'paper',
        signedDocumentId: document.id,
        collectedByUserId: collector.id,
        now,
      },
      paper.onInviteRefused,
    );
    await noticeConsentsOnBehalf(tx as unknown as Database, {
      collectorUserId: collector.id,
      patientId,
      medium: 'paper',
      consents: [{ consentCode: paper.consentCode, action: paper.action }],
      now,
    });
    return row;
  });
}
