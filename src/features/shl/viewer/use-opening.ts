/**
 * Opening one link: the manifest request with the recipient's name (and passcode), then every file
 * decrypted. The name and passcode that opened it are kept for this tab only (sessionStorage), so a reload
 * opens it again (and learns at once when it has been revoked meanwhile) instead of asking again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShlPayload } from '../../../contract/shl';
import { openFile, requestManifest } from './manifest';
import type { SharedFile } from './shared-files';

export interface Credentials {
  recipient: string;
  passcode: string;
}

export type Opening =
  | { kind: 'form'; wrongPasscode: { remainingAttempts: number | null } | null; failed: boolean }
  /** `again`: with what this tab opened it with before (a reload), no form shown. */
  | { kind: 'opening'; again: boolean }
  | { kind: 'opened'; recipient: string; files: SharedFile[] }
  | { kind: 'gone' };

const storageKey = (payload: ShlPayload): string => `shl-opened:${payload.url}`;

function remembered(payload: ShlPayload): Credentials | null {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey(payload)) ?? 'null');
    const { recipient, passcode } = (saved ?? {}) as Partial<Credentials>;
    return typeof recipient === 'string' && typeof passcode === 'string' ? { recipient, passcode } : null;
  } catch {
    return null;
  }
}

function remember(payload: ShlPayload, credentials: Credentials | null): void {
  try {
    if (credentials) sessionStorage.setItem(storageKey(payload), JSON.stringify(credentials));
    else sessionStorage.removeItem(storageKey(payload));
  } catch {
    // Storage refused (private mode): a reload asks again, nothing else changes.
  }
}

export function useOpening(
  payload: ShlPayload,
  key: Uint8Array,
): { opening: Opening; open: (credentials: Credentials) => Promise<void>; saved: Credentials | null } {
  const [saved] = useState(() => remembered(payload));
  const [opening, setOpening] = useState<Opening>(() =>
    saved ? { kind: 'opening', again: true } : { kind: 'form', wrongPasscode: null, failed: false },
  );
  const active = useRef(true);
  useEffect(() => {
    active.current = true;
    return () => {
      active.current = false;
    };
  }, []);

  const open = useCallback(
    async ({ recipient, passcode }: Credentials, again = false): Promise<void> => {
      setOpening({ kind: 'opening', again });
      const request = { recipient: recipient.trim(), ...(passcode ? { passcode } : {}) };
      const answer = await requestManifest(payload.url, request).catch(() => ({ kind: 'failed' as const }));
      if (!active.current) return;
      if (answer.kind !== 'files') remember(payload, null);
      if (answer.kind === 'gone') setOpening({ kind: 'gone' });
      else if (answer.kind === 'wrongPasscode')
        setOpening({
          kind: 'form',
          wrongPasscode: { remainingAttempts: answer.remainingAttempts },
          failed: false,
        });
      else if (answer.kind === 'failed') setOpening({ kind: 'form', wrongPasscode: null, failed: true });
      else {
        const files = await Promise.all(answer.files.map((file) => openFile(file, key)));
        if (!active.current) return;
        remember(payload, { recipient, passcode });
        setOpening({ kind: 'opened', recipient: request.recipient, files });
      }
    },
    [payload, key],
  );

  // Once (StrictMode runs effects twice: an open is a row in the patient's history and a notice).
  const started = useRef(false);
  useEffect(() => {
    if (!saved || started.current) return;
    started.current = true;
    void open(saved, true);
  }, [saved, open]);

  return { opening, open, saved };
}
