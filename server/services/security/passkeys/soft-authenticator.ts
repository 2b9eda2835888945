import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests (never imported by the product): real ES256 keys, real CBOR
 * attestation objects ('none' format) and real signatures, so the verification under test is the
 * library's own, not a mock. Each instance holds one discoverable credential.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | null = null;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const rpIdHash = createHash('sha256').update(rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create`: UP and UV set unless told otherwise. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    tweak: { uv?: boolean; origin?: string; rpId?: string } = {},
  ): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = 0x01 | (tweak.uv === false ? 0 : 0x04) | 0x40;
    const authData = this.authData(tweak.rpId ?? options.rp.id ?? '', flags, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, tweak.origin ?? this.origin);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get`: the counter moves forward by one unless `counter` says otherwise. */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    tweak: { uv?: boolean; counter?: number; origin?: string; userHandle?: string | null } = {},
  ): AuthenticationResponseJSON {
    this.counter = tweak.counter ?? this.counter + 1;
    const flags = 0x01 | (tweak.uv === false ? 0 : 0x04);
    const authData = this.authData(options.rpId ?? '', flags, this.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tweak.origin ?? this.origin);
    const digest = createHash('sha256').update(clientDataJSON).digest();
    const signature = sign('sha256', Buffer.concat([authData, digest]), this.privateKey);
    const userHandle = tweak.userHandle === undefined ? this.userHandle : tweak.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(userHandle ? { userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
