import { and, asc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountList, AccountSwitchReply, CurrentUser, DocumentList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { accountSwitches, guests, patients, users } from '../db/schema';

const STAFF_AMR = ['pwd', 'otp', 'mfa'];
const SMS_AMR = ['pwd', 'sms', 'mfa'];

describe.each(databaseTargets)('account switch on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let second: number;
  let ferrariPatient: number;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    const ids = (
      await ctx.db.select({ id: patients.mepiId }).from(patients).orderBy(asc(patients.mepiId))
    ).map((row) => row.id);
    [mario, second] = [ids[0] ?? 0, ids[3] ?? 0];
    const [anna] = await ctx.db.select().from(users).where(eq(users.username, 'anna.ferrari'));
    ferrariPatient = anna?.patientId ?? 0;
  });
  afterAll(() => ctx.close());

  const send = async (token: string, path: string, init: RequestInit = {}): Promise<Response> =>
    ctx.app.request(path, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
    });
  const accountsWith = async (token: string): Promise<AccountList['accounts']> =>
    v.parse(AccountList, await (await send(token, '/api/account/accounts')).json()).accounts;
  const switchTo = (token: string, accountId: string): Promise<Response> =>
    send(token, '/api/account/switch', { method: 'POST', body: JSON.stringify({ accountId }) });
  const me = async (token: string): Promise<CurrentUser> =>
    v.parse(CurrentUser, await (await send(token, '/api/me')).json());
  const documentIds = async (token: string, patientId: number): Promise<number[] | number> => {
    const response = await send(token, `/api/documents?patientId=${patientId}&max=100`);
    if (response.status !== 200) return response.status;
    return v.parse(DocumentList, await response.json()).documents.map((document) => Number(document.id));
  };

  it("lists a physician's own accounts, the patient one included, the current one marked", async () => {
    const token = await ctx.tokenFor('dott.ferrari', { amr: STAFF_AMR });
    const accounts = await accountsWith(token);
    expect(
      accounts.map(({ userType, displayName, current }) => ({ userType, displayName, current })),
    ).toEqual([
      { userType: 'PHY', displayName: 'Dott.ssa Anna Ferrari', current: true },
      { userType: 'PAT', displayName: 'Anna Ferrari', current: false },
    ]);
    // Nothing internal leaks: no subject, user id or username.
    const raw = (await (await send(token, '/api/account/accounts')).json()) as { accounts: object[] };
    expect(Object.keys(raw.accounts[0] ?? {}).sort()).toEqual([
      'current',
      'displayName',
      'id',
      'patientName',
      'stepUp',
      'userType',
    ]);
    // Someone with one account has one to show.
    expect(await accountsWith(await ctx.tokenFor('mario.rossi'))).toHaveLength(1);
  });

  it('switches to the own patient account: /me then says PAT, and the physician’s reading is gone', async () => {
    const token = await ctx.tokenFor('dott.ferrari', { amr: STAFF_AMR });
    expect(await documentIds(token, mario)).not.toBe(403);
    const target = (await accountsWith(token)).find((account) => account.userType === 'PAT');
    const response = await switchTo(token, target?.id ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = v.parse(AccountSwitchReply, await response.json());
    expect(ctx.switches.at(-1)).toMatchObject({
      from: { subject: 'demo-dott.ferrari' },
      toSubject: 'demo-anna.ferrari',
    });
    const now = await me(tokens.access_token);
    expect(now).toMatchObject({ userType: 'PAT', patientId: ferrariPatient, displayName: 'Anna Ferrari' });
    // The new token reads as the patient only: not Mario's dossier, not the patient list.
    expect(await documentIds(tokens.access_token, mario)).toBe(403);
    expect((await send(tokens.access_token, '/api/patients')).status).toBe(403);
    expect(await documentIds(tokens.access_token, ferrariPatient)).toEqual(expect.any(Array));
    const [row] = await ctx.db.select().from(accountSwitches).where(eq(accountSwitches.outcome, 'ALLOWED'));
    expect(row).toMatchObject({ fromAccount: expect.stringMatching(/^u\d+$/), toAccount: target?.id });
  });

  it("refuses another person's account as if it did not exist, and audits the attempt", async () => {
    const token = await ctx.tokenFor('dott.ferrari', { amr: STAFF_AMR });
    const [marioUser] = await ctx.db.select().from(users).where(eq(users.username, 'mario.rossi'));
    const [saraGrant] = await ctx.db.select().from(guests).where(isNull(guests.revokedAt)).limit(1);
    for (const accountId of [`u${marioUser?.id}`, `g${saraGrant?.id}`, 'u999999']) {
      const response = await switchTo(token, accountId);
      expect(response.status, accountId).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const refused = await ctx.db
      .select()
      .from(accountSwitches)
      .where(eq(accountSwitches.outcome, 'NOT_FOUND'));
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 400 naming the field for a malformed account id', async () => {
    const token = await ctx.tokenFor('dott.ferrari', { amr: STAFF_AMR });
    for (const body of [{ accountId: 'x1' }, { accountId: 7 }, {}]) {
      const response = await send(token, '/api/account/switch', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('accountId');
    }
  });

  it('lists the staff account with its step-up, and refuses it without the code even after a staff login', async () => {
    for (const amr of [SMS_AMR, STAFF_AMR]) {
      const token = await ctx.tokenForSubject('demo-anna.ferrari', { amr });
      const accounts = await accountsWith(token);
      expect(accounts.find((account) => account.current)).toMatchObject({ userType: 'PAT', stepUp: [] });
      const staff = accounts.find((account) => account.userType === 'PHY');
      expect(staff?.stepUp).toEqual(['totp']);
      const response = await switchTo(token, staff?.id ?? '');
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'ACCOUNT_STRONG_LOGIN_REQUIRED' });
    }
  });

  it("gives a guest of two patients one account each, and each reads only that patient's chosen documents", async () => {
    const login = await ctx.tokenFor('marta.colombo', { amr: SMS_AMR });
    const accounts = await accountsWith(login);
    expect(accounts).toHaveLength(2);
    expect(accounts.every((account) => account.userType === 'GUE' && account.patientName)).toBe(true);
    // A fresh login acts for the newest grant: the second patient's whole dossier, nothing of Mario's.
    expect(await me(login)).toMatchObject({ userType: 'GUE', patientId: second });
    expect(accounts.find((account) => account.current)?.patientName).not.toBe('Mario Rossi');
    const secondDocuments = await documentIds(login, second);
    expect(Array.isArray(secondDocuments) && secondDocuments.length > 2).toBe(true);
    expect(await documentIds(login, mario)).toBe(403);

    const marioAccount = accounts.find((account) => account.patientName === 'Mario Rossi');
    const tokens = v.parse(AccountSwitchReply, await (await switchTo(login, marioAccount?.id ?? '')).json());
    expect(ctx.switches.at(-1)?.toSubject).toMatch(/^demo-marta\.colombo#g\d+$/);
    expect(await me(tokens.access_token)).toMatchObject({ userType: 'GUE', patientId: mario });
    const [grant] = await ctx.db
      .select()
      .from(guests)
      .where(and(eq(guests.id, Number(marioAccount?.id.slice(1))), isNull(guests.revokedAt)));
    expect(grant?.rights).toEqual(['download']);
    // Only the two documents Mario shared by name, and nothing of the other patient any more.
    expect(await documentIds(tokens.access_token, mario)).toHaveLength(2);
    expect(await documentIds(tokens.access_token, second)).toBe(403);
    expect((await accountsWith(tokens.access_token)).find((account) => account.current)?.id).toBe(
      marioAccount?.id,
    );
  });

  it('ends a guest account with its grant: no fallback to another patient', async () => {
    const [guest] = await ctx.db.select().from(users).where(eq(users.username, 'marta.colombo'));
    const [grant] = await ctx.db
      .select()
      .from(guests)
      .where(and(eq(guests.guestUserId, guest?.id ?? 0), eq(guests.patientId, mario)));
    const token = await ctx.tokenForSubject(`demo-marta.colombo#g${grant?.id}`, { amr: SMS_AMR });
    expect((await send(token, '/api/me')).status).toBe(200);
    await ctx.db
      .update(guests)
      .set({ revokedAt: new Date() })
      .where(eq(guests.id, grant?.id ?? 0));
    try {
      const response = await send(token, '/api/me');
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 1 });
      expect(await documentIds(token, second)).toBe(403);
      expect(await accountsWith(await ctx.tokenFor('marta.colombo'))).toHaveLength(1);
    } finally {
      await ctx.db
        .update(guests)
        .set({ revokedAt: null })
        .where(eq(guests.id, grant?.id ?? 0));
    }
  });

  it('treats a grant mark on anyone but a guest as no account', async () => {
    const token = await ctx.tokenForSubject('demo-mario.rossi#g1');
    expect((await send(token, '/api/me')).status).toBe(403);
    expect((await send(token, '/api/account/accounts')).status).toBe(403);
  });

  it('takes 20 switches at once without a failure, each audited', async () => {
    const token = await ctx.tokenFor('dott.ferrari', { amr: STAFF_AMR });
    const target = (await accountsWith(token)).find((account) => account.userType === 'PAT');
    const before = (await ctx.db.select().from(accountSwitches)).length;
    const replies = await Promise.all(Array.from({ length: 20 }, () => switchTo(token, target?.id ?? '')));
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(200));
    expect((await ctx.db.select().from(accountSwitches)).length).toBe(before + 20);
  });
});
