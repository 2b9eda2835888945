export { type AssertionOutcome, type AssertionRequest, assertionOptions, verifyAssertion } from './assert';
export { sweepChallenges } from './challenges';
export { hasPasskey, listPasskeys, type PasskeyRow, removePasskey, renamePasskey } from './manage';
export { type PasskeyOwner, registerPasskey, registrationOptions } from './register';
export { type RelyingParty, relyingPartyOf } from './relying-party';
export { stepUpMethods } from './step-up-methods';
