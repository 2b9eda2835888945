import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** An IPv4 client seen through a dual-stack socket reads `::ffff:a.b.c.d`; the limit counts it as `a.b.c.d`. */
function plain(address: string): string {
  const mapped = address.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i);
  return mapped?.[1] ?? address;
}

function addEntry(list: BlockList, entry: string): void {
  const [address = '', bits] = entry.split('/');
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(address) === 0) throw new Error(`TRUST_PROXY: not an address or CIDR: ${entry}`);
  if (bits === undefined) list.addAddress(address, type);
  else list.addSubnet(address, Number(bits), type);
}

/**
 * Parses `TRUST_PROXY` (a comma list of addresses and CIDRs, e.g. `10.0.0.0/8, ::1`): the proxies whose
 * `X-Forwarded-For` is believed. Throws on a malformed entry, so a typo stops the start instead of
 * silently trusting nothing or everything.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const check = new BlockList();
  for (const entry of entries) {
    const bits = entry.split('/')[1];
    if (bits !== undefined && !/^\d{1,3}$/.test(bits)) throw new Error(`TRUST_PROXY: bad prefix in ${entry}`);
    addEntry(check, entry);
  }
  return entries;
}

const matchers = new Map<string, (address: string) => boolean>();

function trustedMatcher(proxies: readonly string[]): (address: string) => boolean {
  const key = proxies.join(',');
  let matcher = matchers.get(key);
  if (!matcher) {
    const list = new BlockList();
    for (const entry of proxies) addEntry(list, entry);
    matcher = (address) => {
      const version = isIP(address);
      return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
    };
    matchers.set(key, matcher);
  }
  return matcher;
}

/** Whether a socket's address is one of the configured proxies (TRUST_PROXY). */
export function isTrustedProxy(remoteAddress: string, trustedProxies: readonly string[]): boolean {
  return trustedMatcher(trustedProxies)(plain(remoteAddress));
}

/**
 * Client address for the per-address limits. `X-Forwarded-For` counts only when the connection comes
 * from a configured proxy: then the hops are read from the right, skipping trusted proxies, and the first
 * other one is the client (what a client writes itself sits further left and is never reached). Without
 * trusted proxies, the socket's address.
 */
export function clientAddressOf(
  remoteAddress: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trustedProxies: readonly string[],
): string {
  const remote = plain(remoteAddress ?? 'unknown');
  const trusted = trustedMatcher(trustedProxies);
  if (!trusted(remote)) return remote;
  const hops = (typeof forwardedFor === 'string' ? forwardedFor : (forwardedFor ?? []).join(','))
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter(Boolean);
  let client = remote;
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    client = hops[index] ?? client;
    if (!trusted(client)) break;
  }
  return client;
}

export function clientAddress(req: IncomingMessage, trustedProxies: readonly string[]): string {
  return clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedProxies);
}
