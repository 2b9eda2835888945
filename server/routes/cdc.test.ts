import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchTokens } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import type { LaunchSessions } from '../auth/cdc-sessions';
import { cdcContexts, patients, users } from '../db/schema';
import { demoLauncherKey } from '../services/cdc/keys';
import { type LaunchRequest, signLaunchToken } from '../services/cdc/launch';

/** The IdP's side, recorded: what a launch asked it for. */
function fakeSessions(): LaunchSessions & { issued: { subject: string; proof?: string }[]; ended: string[] } {
  const issued: { subject: string; proof?: string }[] = [];
  const ended: string[] = [];
  return {
    issued,
    ended,
    tokenEndpoint: 'http://localhost/idp/token',
    async issue(subject, proof): Promise<LaunchTokens> {
      issued.push({ subject, ...(proof ? { proof } : {}) });
      return {
        access_token: `at-${subject}`,
        refresh_token: 'rt',
        id_token: 'id',
        token_type: 'DPoP',
        expires_in: 300,
        scope: 'openid',
      };
    },
    async end(grantId) {
      ended.push(grantId);
    },
  };
}

let address = 0;
const nextAddress = (): string => {
  address += 1;
  return `203.0.113.${address % 250}`;
};

describe.each(databaseTargets)('context sharing on $name', ({ location }) => {
  let ctx: TestContext;
  let sessions: ReturnType<typeof fakeSessions>;
  let giulia: { id: number; fiscalCode: string };
  const request = (overrides: Partial<LaunchRequest> = {}): LaunchRequest => ({
    username: 'dott.ferrari',
    fiscalCode: giulia.fiscalCode,
    page: 'dossier',
    ...overrides,
  });
  const tokenFor = async (overrides: Partial<LaunchRequest> = {}, lifetimeS = 60): Promise<string> =>
    signLaunchToken(await demoLauncherKey(ctx.db), ctx.config.publicUrl, request(overrides), lifetimeS);
  const discover = (token: string, from = nextAddress(), app = ctx.app) =>
    app.request(
      '/api/v1/discovery',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', DPoP: 'proof-1' },
        body: JSON.stringify({ token }),
      },
      { incoming: { socket: { remoteAddress: from } } },
    );
  const openContext = (id: string, from = nextAddress()) =>
    ctx.app.request(
      `/api/v1/cdc?id=${encodeURIComponent(id)}`,
      {},
      { incoming: { socket: { remoteAddress: from } } },
    );
  const codeOf = async (response: Response): Promise<string> =>
    ((await response.json()) as { code: string }).code;

  beforeAll(async () => {
    sessions = fakeSessions();
    ctx = await createTestContext(location, {}, { launchSessions: sessions });
    const [row] = await ctx.db
      .select({ id: patients.mepiId, fiscalCode: patients.fiscalCode })
      .from(users)
      .innerJoin(patients, eq(patients.mepiId, users.patientId))
      .where(eq(users.username, 'giulia.bianchi'));
    if (!row) throw new Error('no demo patient Giulia');
    giulia = row;
  });
  afterAll(() => ctx.close());

  it("opens Giulia's dossier for the physician once: the token, the patient and the page", async () => {
    const token = await tokenFor();
    const response = await discover(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      token: { access_token: 'at-demo-dott.ferrari', refresh_token: 'rt' },
      otherParams: { patientId: giulia.id, page: 'dossier' },
      settings: { launchedFromExternalApp: true },
    });
    expect(sessions.issued.at(-1)).toEqual({ subject: 'demo-dott.ferrari', proof: 'proof-1' });

    const again = await discover(token);
    expect(again.status).toBe(404);
    expect(await codeOf(again)).toBe('CDC_ERROR');
  });

  it('refuses an expired token, one that lives too long, a foreign signature or audience', async () => {
    const key = await demoLauncherKey(ctx.db);
    const claims = { patient: giulia.fiscalCode, page: 'dossier' };
    const now = Math.floor(Date.now() / 1000);
    const sign = (build: (jwt: SignJWT) => SignJWT, signer: CryptoKey = key.privateKey) =>
      build(
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'ES256', kid: key.kid })
          .setSubject('dott.ferrari')
          .setJti(crypto.randomUUID()),
      ).sign(signer);
    const other = await generateKeyPair('ES256');
    const refused = [
      await sign((jwt) =>
        jwt
          .setAudience(ctx.config.publicUrl)
          .setIssuedAt(now - 200)
          .setExpirationTime(now - 80),
      ),
      await sign((jwt) =>
        jwt
          .setAudience(ctx.config.publicUrl)
          .setIssuedAt(now)
          .setExpirationTime(now + 600),
      ),
      await sign(
        (jwt) =>
          jwt
            .setAudience(ctx.config.publicUrl)
            .setIssuedAt(now)
            .setExpirationTime(now + 60),
        other.privateKey,
      ),
      await sign((jwt) =>
        jwt
          .setAudience('https://other.example')
          .setIssuedAt(now)
          .setExpirationTime(now + 60),
      ),
      await sign((jwt) => jwt.setAudience(ctx.config.publicUrl).setExpirationTime(now + 60)),
    ];
    for (const token of refused) {
      const response = await discover(token);
      expect(response.status).toBe(404);
      expect(await codeOf(response)).toBe('CDC_ERROR');
    }
  });

  it('refuses a patient as the user, an unknown patient and a page off the allow-list', async () => {
    const key = await demoLauncherKey(ctx.db);
    const offList = await new SignJWT({ patient: giulia.fiscalCode, page: 'guests' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setSubject('dott.ferrari')
      .setAudience(ctx.config.publicUrl)
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key.privateKey);
    for (const token of [
      await tokenFor({ username: 'mario.rossi' }),
      await tokenFor({ fiscalCode: 'XXXXXX00X00X000X' }),
      offList,
    ]) {
      expect((await discover(token)).status).toBe(404);
    }
  });

  it('answers 400 with the field for a malformed body', async () => {
    const response = await discover('not a token');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: [{ field: 'token' }] });
  });

  it('lets exactly one of 25 parallel redemptions of a token through', async () => {
    const token = await tokenFor();
    const replies = await Promise.all(Array.from({ length: 25 }, () => discover(token)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(24);
  });

  /** What the launcher page's script sends: its session cookie, from the portal's origin. */
  const launchFromPage = async (kind: 'token' | 'context', headers: Record<string, string> = {}) => {
    const page = await ctx.app.request('/demo/launcher');
    const cookie = page.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    return ctx.app.request('/demo/launcher/launch', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: new URL(ctx.config.publicUrl).origin,
        'Sec-Fetch-Site': 'same-origin',
        Cookie: cookie,
        ...headers,
      },
      body: JSON.stringify({ kind }),
    });
  };

  it('previews who a launch logs in without redeeming it, and nothing once it is used', async () => {
    const token = await tokenFor();
    const before = sessions.issued.length;
    const look = (body: unknown) =>
      ctx.app.request(
        '/api/v1/discovery/preview',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        { incoming: { socket: { remoteAddress: nextAddress() } } },
      );
    const seen = await look({ token });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('no-store');
    expect(await seen.json()).toEqual({ displayName: 'Dott.ssa Anna Ferrari' });
    expect((await look({ token })).status).toBe(200);
    // Nobody was logged in by looking.
    expect(sessions.issued).toHaveLength(before);
    // The preview left it: the launch itself still works once, and the preview then finds nothing.
    expect((await discover(token)).status).toBe(200);
    const used = await look({ token });
    expect(used.status).toBe(404);
    expect(await codeOf(used)).toBe('CDC_ERROR');
    expect((await look({ token: 'x' })).status).toBe(400);

    const made = await launchFromPage('context');
    const id = new URL(((await made.json()) as { url: string }).url, 'http://localhost').searchParams.get(
      'id',
    );
    const peek = () =>
      ctx.app.request(
        `/api/v1/cdc/preview?id=${id}`,
        {},
        { incoming: { socket: { remoteAddress: nextAddress() } } },
      );
    expect(await (await peek()).json()).toEqual({ displayName: 'Dott.ssa Anna Ferrari' });
    expect((await openContext(id ?? '')).status).toBe(200);
    expect((await peek()).status).toBe(404);
  });

  it('opens a context session made by the launcher once, and only before it expires', async () => {
    const made = await launchFromPage('context');
    const { url } = (await made.json()) as { url: string };
    const id = new URL(url, 'http://localhost').searchParams.get('id') ?? '';
    expect(id).toMatch(/^[\w-]{22}$/);
    const replies = await Promise.all(Array.from({ length: 25 }, () => openContext(id)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    const ok = replies.find((reply) => reply.status === 200);
    expect(await ok?.json()).toMatchObject({ otherParams: { patientId: giulia.id, page: 'dossier' } });

    const again = await launchFromPage('context');
    const late =
      new URL(((await again.json()) as { url: string }).url, 'http://localhost').searchParams.get('id') ?? '';
    await ctx.db
      .update(cdcContexts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cdcContexts.id, late));
    expect((await openContext(late)).status).toBe(404);
    expect((await openContext('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('stops an address after 5 refusals in 15 minutes, even when they arrive together', async () => {
    const from = '198.51.100.77';
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => openContext('BBBBBBBBBBBBBBBBBBBBBB', from)),
    );
    expect(replies.filter((reply) => reply.status === 404)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(15);
    // Even a good launch waits.
    expect((await discover(await tokenFor(), from)).status).toBe(429);
  });

  it('answers 404 for an unknown API path without a token, 401 for a known one', async () => {
    const unknown = await ctx.app.request('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe('NOT_FOUND');
    expect((await ctx.app.request('/api/me')).status).toBe(401);
  });

  it('ends the launched login at logout and says where to go', async () => {
    const token = await ctx.tokenFor('dott.ferrari');
    const response = await ctx.app.request('/api/v1/cdc/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: token }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectUrl: `${ctx.config.publicUrl}/` });
    const foreign = await ctx.call('/api/v1/cdc/logout', 'dott.ferrari', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: await ctx.tokenFor('dott.conti') }),
    });
    expect(foreign.status).toBe(400);
    expect((await ctx.app.request('/api/v1/cdc/logout', { method: 'POST' })).status).toBe(401);
  });

  it('launches only for the launcher page: its own session, from the portal’s origin', async () => {
    const origin = new URL(ctx.config.publicUrl).origin;
    const page = await ctx.app.request('/demo/launcher');
    const line = page.headers.getSetCookie()[0] ?? '';
    expect(line).toMatch(
      /^demo_launcher_session=[\w.-]+; Max-Age=3600; Path=\/demo\/launcher; HttpOnly; SameSite=Strict$/,
    );
    const session = line.split(';')[0] ?? '';
    const post = (headers: Record<string, string>) =>
      ctx.app.request('/demo/launcher/launch', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ kind: 'token' }),
      });
    const refusals: Record<string, Record<string, string>> = {
      'no session, no origin (a script outside any browser)': {},
      'no session': { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      'another site': { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Cookie: session },
      'no Origin': { 'Sec-Fetch-Site': 'same-origin', Cookie: session },
      'same site, another origin': { Origin: origin, 'Sec-Fetch-Site': 'same-site', Cookie: session },
      'a forged session': {
        Origin: origin,
        Cookie: `demo_launcher_session=${session.split('.').slice(0, 2).join('.')}.AAAA`,
      },
      'a launch token for a session': {
        Origin: origin,
        Cookie: `demo_launcher_session=${await tokenFor()}`,
      },
    };
    for (const [what, headers] of Object.entries(refusals)) {
      const refused = await post(headers);
      expect(refused.status, what).toBe(403);
      expect(await codeOf(refused), what).toBe('ACCESS_DENIED');
    }
    // The page's own request: a launch token for dott.ferrari on Giulia's dossier.
    const launched = await post({ Origin: origin, 'Sec-Fetch-Site': 'same-origin', Cookie: session });
    expect(launched.status).toBe(200);
    expect(((await launched.json()) as { url: string }).url).toMatch(/^\/cdc\/discovery\?token=/);
  });

  it('serves the demo launcher page', async () => {
    const page = await ctx.app.request('/demo/launcher');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Apri il fascicolo di Giulia');
  });

  // A second server process exists only on PostgreSQL; PGlite is one process by construction.
  if (location.startsWith('postgres')) {
    it('remembers a redeemed token in every process', async () => {
      const other = await ctx.secondInstance();
      try {
        const token = await tokenFor();
        const [first, second] = await Promise.all([
          discover(token),
          discover(token, nextAddress(), other.app),
        ]);
        expect([first.status, second.status].sort()).toEqual([200, 404]);
      } finally {
        await other.close();
      }
    });
  }
});

describe('context sharing outside demo mode', () => {
  it('has no launcher page and refuses launches without configured keys', async () => {
    const ctx = await createTestContext('memory://', { demoMode: false }, { launchSessions: fakeSessions() });
    try {
      expect((await ctx.app.request('/demo/launcher')).status).toBe(404);
      const key = await demoLauncherKey(ctx.db);
      const token = await signLaunchToken(key, ctx.config.publicUrl, {
        username: 'dott.ferrari',
        fiscalCode: 'X',
        page: 'dossier',
      });
      const response = await ctx.app.request('/api/v1/discovery', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(response.status).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
