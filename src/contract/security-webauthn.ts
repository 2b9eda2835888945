import * as v from 'valibot';

/**
 * The JSON forms of WebAuthn answers (WebAuthn L3 §5.1 `toJSON()`, as @simplewebauthn/browser sends them),
 * checked for shape and size only: the server verifies their content.
 */
const Base64Url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'invalid'), v.maxLength(8192, 'tooLong'));

const Transport = v.picklist(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const Common = {
  id: Base64Url,
  rawId: Base64Url,
  type: v.literal('public-key'),
  clientExtensionResults: v.record(v.string(), v.unknown()),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
};

export const RegistrationResponse = v.object({
  ...Common,
  response: v.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: v.optional(v.pipe(v.array(Transport), v.maxLength(7))),
    authenticatorData: v.optional(Base64Url),
    publicKey: v.optional(Base64Url),
    publicKeyAlgorithm: v.optional(v.number()),
  }),
});
export type RegistrationResponse = v.InferOutput<typeof RegistrationResponse>;

export const AuthenticationResponse = v.object({
  ...Common,
  response: v.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: v.optional(Base64Url),
  }),
});
export type AuthenticationResponse = v.InferOutput<typeof AuthenticationResponse>;
