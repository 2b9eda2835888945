import type { CeremonyKind } from '../../../src/contract';
import { applyConsentEffect } from '../consents/effects';
import { applyGuest } from '../guests/ceremony';
import { applyObscuring } from '../obscuring/ceremony';
import { applyPair } from '../pair/document';
import type { CeremonyEffect } from './ceremony';

/**
 * What a completed signature does, by the ceremony's kind: the whole list, checked by the compiler (a new
 * kind in the contract does not build until it has its effect here). Each runs in the transaction that
 * stores the signed PDFs (./complete.ts).
 */
export const ceremonyEffects: Readonly<Record<CeremonyKind, CeremonyEffect>> = {
  // Giving, revoking and informed consents record the same way; the kinds tell the screens apart.
  consent: applyConsentEffect,
  'revoke-consent': applyConsentEffect,
  'informed-consent': applyConsentEffect,
  obscure: applyObscuring,
  guest: applyGuest,
  pair: applyPair,
};
