import * as v from 'valibot';
import { type CeremonyKind, ConsentAction, ConsentSigner } from '../../../src/contract';
import type { Database } from '../../db/client';
import type { CeremonyEffect, CeremonyRow, SignedOutput } from '../signing/ceremony';
import { noticeConsentsOnBehalf } from './notice';
import { type InviteRefusalNotifier, recordConsentVersion } from './record';
import { orderTargets } from './rules';

/** What a consent ceremony records once signed; stored as the ceremony's effect. */
export const ConsentEffect = v.object({
  patientId: v.number(),
  signer: ConsentSigner,
  items: v.array(
    v.object({
      consentCode: v.string(),
      projectId: v.nullable(v.number()),
      action: ConsentAction,
      jsonData: v.record(v.string(), v.unknown()),
      /** The subject of its temp document: how the effect finds the signed PDF. */
      subject: v.string(),
    }),
  ),
});
export type ConsentEffect = v.InferOutput<typeof ConsentEffect>;

/**
 * Giving, revoking and informed consents record the same way (`applyConsentEffect`); the kinds tell
 * /consensus/checkRevoke and the signature screens apart.
 */
export const CONSENT_KINDS = {
  consent: 'consent',
  revoke: 'revoke-consent',
  informed: 'informed-consent',
} as const satisfies Record<string, CeremonyKind>;

export function subjectOf(item: { consentCode: string; projectId: number | null }): string {
  return `${item.consentCode}:${item.projectId ?? ''}`;
}

/**
 * Records each signed consent in the transaction that stores the signed PDFs; a refused project invitation
 * is told with `onInviteRefused` (the composition root gives the projects area's notifier).
 */
export const consentEffect =
  (onInviteRefused: InviteRefusalNotifier): CeremonyEffect =>
  async (tx: Database, ceremony: CeremonyRow, signed: readonly SignedOutput[]): Promise<void> => {
    const effect = v.parse(ConsentEffect, ceremony.effect);
    const completedAt = new Date();
    const items = orderTargets(effect.items);
    for (const item of items) {
      const document = signed.find((output) => output.subject === item.subject);
      if (!document) throw new Error(`no signed document for ${item.subject}`);
      await recordConsentVersion(
        tx,
        {
          ...item,
          patientId: effect.patientId,
          signer: effect.signer,
          medium: 'digital',
          signedDocumentId: document.signedDocumentId,
          collectedByUserId: ceremony.userId,
          now: completedAt,
        },
        onInviteRefused,
      );
    }
    await noticeConsentsOnBehalf(tx, {
      collectorUserId: ceremony.userId,
      patientId: effect.patientId,
      medium: 'digital',
      consents: items,
      now: completedAt,
    });
  };
