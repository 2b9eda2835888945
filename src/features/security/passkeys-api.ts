/** The calls of `/security/passkeys` (docs/decisions.md "Passkeys (security)"). */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { getJson, sendJson } from '../../api/request';
import type { StepUpProof } from '../../contract/accounts';
import { PasskeyList, PasskeyOptionsReply } from '../../contract/security-passkeys';

export function fetchPasskeys(): Promise<PasskeyList> {
  return getJson('security/passkeys', PasskeyList);
}

export function renamePasskey(id: number, name: string): Promise<PasskeyList> {
  return sendJson('patch', `security/passkeys/${id}`, { name }, PasskeyList);
}

export function removePasskey(id: number): Promise<PasskeyList> {
  return sendJson('delete', `security/passkeys/${id}`, undefined, PasskeyList);
}

/** Opens a registration with the fresh factor (a refusal of the factor answers here). */
export async function registrationOptions(stepUp: StepUpProof): Promise<PasskeyOptionsReply['options']> {
  const reply = await sendJson(
    'post',
    'security/passkeys/registrationOptions',
    { stepUp },
    PasskeyOptionsReply,
  );
  return reply.options;
}

/**
 * Adds a passkey with the options `registrationOptions` gave: the browser creates the credential, the
 * server checks and files it. The browser library loads here, on the first use, not with the page.
 */
export async function registerPasskey(
  options: PasskeyOptionsReply['options'],
  name: string,
): Promise<PasskeyList> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  // The server library made these options; they pass through unchanged.
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return sendJson('post', 'security/passkeys', { response, name }, PasskeyList);
}

/** A passkey of the user as the fresh factor: its assertion of the server's step-up challenge. */
export async function passkeyProof(): Promise<StepUpProof> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await sendJson('post', 'security/passkeys/stepUpOptions', {}, PasskeyOptionsReply);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { method: 'passkey', response: response as Extract<StepUpProof, { method: 'passkey' }>['response'] };
}

/** A name to start from: the kind of device this browser runs on. */
export function deviceName(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Android/.test(userAgent)) return 'Android';
  if (/Macintosh/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Windows';
  return 'Passkey';
}
