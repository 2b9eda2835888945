/**
 * Opening a link as any SMART Health Links receiver does: POST the manifest request to the payload's url
 * (no token, no cookie: the link is the credential), then each file, embedded or fetched from its location,
 * decrypted in the browser (JWE `dir` + A256GCM under the payload's key). Plain fetch, not the portal's
 * API client: no session headers may leave with it.
 */
import { compactDecrypt } from 'jose';
import * as v from 'valibot';
import { ShlManifest, type ShlManifestRequest } from '../../../contract/shl';
import { classify, type SharedFile } from './shared-files';

export type ManifestAnswer =
  | { kind: 'files'; files: ShlManifest['files'] }
  | { kind: 'wrongPasscode'; remainingAttempts: number | null }
  /** Revoked, expired, locked or never there: the spec answers 404 to all alike. */
  | { kind: 'gone' }
  | { kind: 'failed' };

const WrongPasscode = v.object({ remainingAttempts: v.number() });

export async function requestManifest(url: string, request: ShlManifestRequest): Promise<ManifestAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    credentials: 'omit',
    cache: 'no-store',
  });
  if (response.status === 404) return { kind: 'gone' };
  if (response.status === 401) {
    const reply = v.safeParse(WrongPasscode, await response.json().catch(() => null));
    return {
      kind: 'wrongPasscode',
      remainingAttempts: reply.success ? reply.output.remainingAttempts : null,
    };
  }
  if (!response.ok) return { kind: 'failed' };
  const manifest = v.safeParse(ShlManifest, await response.json().catch(() => null));
  return manifest.success ? { kind: 'files', files: manifest.output.files } : { kind: 'failed' };
}

async function jweOf(file: ShlManifest['files'][number]): Promise<string | null> {
  if (file.embedded) return file.embedded;
  if (!file.location) return null;
  const location = new URL(file.location, window.location.href);
  if (location.origin !== window.location.origin) return null;
  const response = await fetch(location.href, { credentials: 'omit', cache: 'no-store' });
  return response.ok ? response.text() : null;
}

/** One file, decrypted and recognised; a file that does not decrypt or parse is `unreadable`. */
export async function openFile(file: ShlManifest['files'][number], key: Uint8Array): Promise<SharedFile> {
  try {
    const jwe = await jweOf(file);
    if (!jwe) return { kind: 'unreadable' };
    const { plaintext } = await compactDecrypt(jwe, key);
    return classify(JSON.parse(new TextDecoder().decode(plaintext)));
  } catch {
    return { kind: 'unreadable' };
  }
}
