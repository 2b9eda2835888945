/** Helpers for the IdP tests: a real server on an ephemeral port, a cookie jar, PKCE and DPoP proofs. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { openTestDatabase } from '../../tests/support/databases';
import { storeConfirmedFactor } from '../auth/second-factor';
import { base32Decode } from '../auth/totp';
import { loadConfig, type ServerConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { demoLogin } from '../db/seed/demo-accounts';
import { createEmbeddedIdp, type EmbeddedIdp } from '../idp/index';
import { createMemoryLogger } from '../logger';
import { hashPassword } from '../services/password';
import type { SmsSender } from '../services/sms/outbox';

export interface TestIdp {
  server: Server;
  database: DatabaseHandle;
  config: ServerConfig;
  idp: EmbeddedIdp;
  /** The IdP's clock (the test's fake one when given): authenticator codes are computed on it. */
  clock: () => Date;
  base: string;
  issuer: string;
  close(): Promise<void>;
}

export interface TestUser {
  subject: string;
  username: string;
  password: string;
  userType: string;
  displayName: string;
  enabled?: boolean;
  mobilePhone?: string;
  /** Staff enrolled with this authenticator key (base32); staff without one enrol at first login. */
  totpSecret?: string;
}

export async function startTestIdp(
  people: readonly TestUser[],
  location = 'memory://',
  options: {
    clock?: () => Date;
    smsSender?: SmsSender;
    config?: Partial<ServerConfig>;
    /** Public URL on https, as behind a TLS-terminating proxy; requests still reach `base` on http. */
    https?: boolean;
  } = {},
): Promise<TestIdp> {
  const database = await openTestDatabase(location);
  for (const person of people) {
    const [row] = await database.db
      .insert(users)
      .values({
        subject: person.subject,
        username: person.username,
        passwordHash: await hashPassword(person.password),
        userType: person.userType,
        displayName: person.displayName,
        email: `${person.username}@example.org`,
        enabled: person.enabled ?? true,
        mobilePhone: person.mobilePhone ?? null,
      })
      .returning({ id: users.id });
    const secret = person.totpSecret ? base32Decode(person.totpSecret) : null;
    if (row && secret) await storeConfirmedFactor(database.db, { userId: row.id, secret });
  }
  let idp: EmbeddedIdp | null = null;
  const server = createServer((req, res) => {
    if (idp) idp.handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const publicUrl = options.https ? `https://127.0.0.1:${port}` : base;
  const config: ServerConfig = {
    ...loadConfig({}),
    port,
    publicUrl,
    apiAudience: `${publicUrl}/api`,
    demoMode: true,
    ...options.config,
  };
  const { clock, smsSender } = options;
  idp = await createEmbeddedIdp({
    config,
    db: database.db,
    logger: createMemoryLogger(),
    ...(clock ? { clock } : {}),
    ...(smsSender ? { smsSender } : {}),
    demoLogin,
  });
  const ready = idp;
  return {
    server,
    database,
    config,
    idp: ready,
    clock: options.clock ?? (() => new Date()),
    base,
    issuer: `${publicUrl}/idp`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

interface StoredCookie {
  value: string;
  path: string;
}

/** Just enough of a browser: keeps cookies per name and path, never follows redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** `headers` go with every request (e.g. the `X-Forwarded-Proto` of a TLS-terminating proxy). */
  constructor(private readonly headers: Record<string, string> = {}) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const { pathname } = new URL(url);
    const header = [...this.cookies.entries()]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split('\t')[0]}=${cookie.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    if (header) headers.set('cookie', header);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  /** A cookie's value by name, whatever its path. */
  get(name: string): string | undefined {
    for (const [key, cookie] of this.cookies) if (key.split('\t')[0] === name) return cookie.value;
    return undefined;
  }

  /** Puts a cookie in the jar, as another visit of the same browser would carry it. */
  set(name: string, value: string, path = '/'): void {
    this.cookies.set(`${name}\t${path}`, { value, path });
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = attributeValue;
      if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now()) expired = true;
    }
    const key = `${name}\t${path}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { value, path });
  }
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface DpopKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function dpopKey(): Promise<DpopKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return { privateKey, publicJwk: await exportJWK(publicKey) };
}

export interface ProofOptions {
  htm: string;
  htu: string;
  accessToken?: string;
  jti?: string;
  iat?: number;
}

export async function dpopProof(key: DpopKey, opts: ProofOptions): Promise<string> {
  const ath = opts.accessToken
    ? createHash('sha256').update(opts.accessToken).digest('base64url')
    : undefined;
  return new SignJWT({ htm: opts.htm, htu: opts.htu, jti: opts.jti ?? randomUUID(), ...(ath ? { ath } : {}) })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: key.publicJwk })
    .setIssuedAt(opts.iat ?? Math.floor(Date.now() / 1000))
    .sign(key.privateKey);
}

/** Reads a named hidden or text input's value out of a page. */
export function inputValue(html: string, name: string): string | null {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
  return tag?.match(/value="([^"]*)"/)?.[1] ?? null;
}

export function formAction(html: string): string | null {
  return html.match(/<form[^>]*action="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&') ?? null;
}

export const TEST_PASSWORD = 'Segreta-2026!';
/** The authenticator key of the test staff (base32, the RFC 6238 test key "12345678901234567890"). */
export const TEST_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** A patient (a demo username), a physician, a guest, a patient without a phone and a disabled user. */
export const TEST_USERS: readonly TestUser[] = [
  {
    subject: 'sub-mario',
    username: 'mario.rossi',
    password: TEST_PASSWORD,
    userType: 'PAT',
    displayName: 'Mario Rossi',
    mobilePhone: '+39 333 5550001',
  },
  {
    subject: 'sub-anna',
    username: 'anna.neri',
    password: TEST_PASSWORD,
    userType: 'PHY',
    displayName: 'Anna Neri',
    totpSecret: TEST_TOTP_SECRET,
  },
  {
    subject: 'sub-off',
    username: 'spento',
    password: TEST_PASSWORD,
    userType: 'OPT',
    displayName: 'Off',
    enabled: false,
  },
  {
    subject: 'sub-sara',
    username: 'sara.ospite',
    password: TEST_PASSWORD,
    userType: 'GUE',
    displayName: 'Sara Ospite',
    mobilePhone: '+39 340 5550002',
  },
  {
    subject: 'sub-nophone',
    username: 'senza.telefono',
    password: TEST_PASSWORD,
    userType: 'PAT',
    displayName: 'Senza Telefono',
  },
];

/** CSP directives by name. */
export function cspOf(response: Response | null): Map<string, string[]> {
  const header = response?.headers.get('content-security-policy') ?? '';
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}
