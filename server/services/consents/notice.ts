import { eq } from 'drizzle-orm';
import type { ConsentAction, ConsentMedium } from '../../../src/contract';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { recordWrite } from '../access/recorded';
import { patientPhoneOnRecord } from '../signing/on-behalf';
import { queueSms } from '../sms/outbox';
import { modelOfConsent } from './catalogue';

/** A consent recorded for a patient by someone else (staff collecting it digitally or on paper). */
export interface ConsentOnBehalf {
  consentCode: string;
  action: ConsentAction;
}

const actionText: Record<ConsentAction, string> = {
  give: 'registrato il tuo consenso',
  revoke: 'registrato la revoca del tuo consenso',
  reject: 'registrato il tuo rifiuto del consenso',
};

const mediumText: Record<ConsentMedium, string> = {
  digital: 'con il codice inviato al tuo cellulare',
  paper: 'dal modulo cartaceo firmato',
};

/**
 * Tells the patient (unless they signed themselves), in the transaction that records the consents, what was recorded on their behalf and by
 * whom: an audit row per consent (CONSENT_WRITE, with the collector, shown in the treatment history) and one
 * SMS queued to their phone on record, naming the consents and nothing clinical. The SMS leaves after the
 * commit (dispatchQueuedSms); a patient with no phone still has the history row.
 */
export async function noticeConsentsOnBehalf(
  tx: Database,
  input: {
    collectorUserId: number;
    patientId: number;
    medium: ConsentMedium;
    consents: readonly ConsentOnBehalf[];
    now: Date;
  },
): Promise<void> {
  const [collector] = await tx.select().from(users).where(eq(users.id, input.collectorUserId));
  // The patient's own signature is their act: nothing to tell them.
  const self = collector?.userType === 'PAT' && collector.patientId === input.patientId;
  if (!collector || self || input.consents.length === 0) return;
  for (const consent of input.consents)
    await recordWrite(tx, collector, input.patientId, 'CONSENT_WRITE', {
      detail: `consent ${consent.consentCode} ${consent.action} recorded (${input.medium}) by ${collector.displayName}`,
    });
  const phone = await patientPhoneOnRecord(tx, input.patientId);
  if (!phone) return;
  const lines = input.consents.map(
    (consent) =>
      `${actionText[consent.action]} "${modelOfConsent(consent.consentCode)?.title.it ?? consent.consentCode}"`,
  );
  await queueSms(tx, {
    userId: null,
    to: phone,
    body: `Dossier Sanitario: ${collector.displayName} ha ${lines.join('; ')} ${mediumText[input.medium]}. Se non sei stato tu, contatta la struttura.`,
    purpose: 'consent-notice',
    now: input.now,
  });
}
