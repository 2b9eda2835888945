import * as v from 'valibot';
import { StepUpMethod, StepUpProof } from './accounts';
import { IsoTimestamp } from './common';
import { RegistrationResponse } from './security-webauthn';

/** The name the user gives a passkey ("iPhone di Mario"): shown in the list, never to anyone else. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
export const PasskeyName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(PASSKEY_NAME_MAX_LENGTH, 'tooLong'),
);

export const Passkey = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  createdAt: IsoTimestamp,
  lastUsedAt: v.nullable(IsoTimestamp),
  /** Synced by the platform (a multi-device passkey, backed up now). */
  backedUp: v.boolean(),
});
export type Passkey = v.InferOutput<typeof Passkey>;

/**
 * `GET /security/passkeys`: the caller's passkeys, and the fresh factors that may open a registration
 * (any one of them; empty: none is available to this account yet).
 */
export const PasskeyList = v.object({ passkeys: v.array(Passkey), stepUp: v.array(StepUpMethod) });
export type PasskeyList = v.InferOutput<typeof PasskeyList>;

/** `POST /security/passkeys/registrationOptions`: the fresh second factor that opens a registration. */
export const PasskeyOptionsBody = v.object({ stepUp: v.optional(StepUpProof) });
export type PasskeyOptionsBody = v.InferOutput<typeof PasskeyOptionsBody>;

/**
 * WebAuthn options as the server library made them (`PublicKeyCredentialCreationOptionsJSON` or
 * `…RequestOptionsJSON`): handed to the browser library unchanged.
 */
export const WebAuthnOptions = v.looseObject({ challenge: v.string() });
export const PasskeyOptionsReply = v.object({ options: WebAuthnOptions });
export type PasskeyOptionsReply = v.InferOutput<typeof PasskeyOptionsReply>;

/** `POST /security/passkeys`: the authenticator's answer and the name to file it under. */
export const PasskeyRegisterBody = v.object({ response: RegistrationResponse, name: PasskeyName });
export type PasskeyRegisterBody = v.InferOutput<typeof PasskeyRegisterBody>;

/** `PATCH /security/passkeys/:id`. */
export const PasskeyRenameBody = v.object({ name: PasskeyName });
export type PasskeyRenameBody = v.InferOutput<typeof PasskeyRenameBody>;

export const PasskeyIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/, 'invalid')) });
