import { consentEffect } from './services/consents/effects';
import { applyGuest } from './services/guests/ceremony';
import { applyObscuring } from './services/obscuring/ceremony';
import { applyPair } from './services/pair/document';
import { tellMembersOfRefusal } from './services/projects/invite-refused';
import type { CeremonyEffects } from './services/signing/ceremony';

/**
 * What a completed signature does, by the ceremony's kind: the whole list, checked by the compiler (a new
 * kind in the contract does not build until it has its effect here). Each runs in the transaction that
 * stores the signed PDFs (services/signing/complete.ts). The table lives at the composition root because
 * the areas whose effects it lists prepare their ceremonies with services/signing: signing only applies
 * what it is given (createApp passes it into the signing dependencies).
 */
// A refused project invitation is told to the project's members by the projects area.
const recordConsents = consentEffect(tellMembersOfRefusal);

export const ceremonyEffects: CeremonyEffects = {
  // Giving, revoking and informed consents record the same way; the kinds tell the screens apart.
  consent: recordConsents,
  'revoke-consent': recordConsents,
  'informed-consent': recordConsents,
  obscure: applyObscuring,
  guest: applyGuest,
  pair: applyPair,
};
