import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { keyEncryptionKey } from './secret';

/**
 * Short-lived tokens that stand for one stored thing (a shared link's file, an export's archive) in a URL
 * that needs no session: `<id>.<expiry seconds>.<mac>`. Each purpose has its own key, derived from the
 * server secret, so a token made for one purpose is worth nothing for another.
 */
export interface BoundTokens {
  tokenFor(id: number, now: Date): string;
  /** The id of a valid, unexpired token; null otherwise. */
  idOf(token: string, now: Date): number | null;
}

export function boundTokens(purpose: string, lifetimeMs: number): BoundTokens {
  let derived: Buffer | null = null;
  const key = (): Buffer => {
    derived ??= Buffer.from(hkdfSync('sha256', keyEncryptionKey(), '', purpose, 32));
    return derived;
  };
  const mac = (body: string): string => createHmac('sha256', key()).update(body).digest('base64url');
  return {
    tokenFor(id, now) {
      const body = `${id}.${Math.floor((now.getTime() + lifetimeMs) / 1000)}`;
      return `${body}.${mac(body)}`;
    },
    idOf(token, now) {
      const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, expiry, given] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(mac(`${id}.${expiry}`));
      if (expected.length !== given.length || !timingSafeEqual(expected, Buffer.from(given))) return null;
      if (Number(expiry) * 1000 <= now.getTime()) return null;
      return Number(id);
    },
  };
}
