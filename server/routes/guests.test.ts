import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessTitles,
  AccountList,
  Guest,
  GuestGrants,
  GuestList,
  PrepareGuestReply,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documents, guests, signatureCeremonies, smsOutbox, tempDocuments, users } from '../db/schema';
import { dayFromToday, json, newPerson, signAs, signedGuest } from '../test/fixtures/guests';

describe.each(databaseTargets)('guests: calls and rules on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let marioDocs: number[];
  let giuliaDoc: number;
  const errorOf = async (response: Response) => {
    const body = (await response.json()) as { code: string; fields?: { field: string; code: string }[] };
    return { status: response.status, code: body.code, fields: body.fields };
  };
  const grant = (overrides: Record<string, unknown> = {}) => ({
    relationship: 'son',
    accessTitle: 'delegation',
    deadline: dayFromToday(30),
    rights: ['download'],
    documentIds: marioDocs.slice(0, 2),
    person: newPerson(),
    ...overrides,
  });
  const prepare = (body: unknown, user = 'mario.rossi') =>
    ctx.call('/api/guests/prepareCreate', user, json('POST', body));

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    const current = (patientId: number) =>
      ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.patientId, patientId), eq(documents.superseded, false)))
        .orderBy(asc(documents.id));
    marioDocs = (await current(mario)).map((row) => row.id);
    giuliaDoc = (await current(mario + 1))[0]?.id ?? 0;
  }, 120_000); // seeding a database on a loaded machine
  afterAll(() => ctx.close());

  it('lists the access titles in the caller language, for the patient only', async () => {
    const it_ = v.parse(
      AccessTitles,
      await (await ctx.call('/api/guests/accessTitles', 'mario.rossi')).json(),
    );
    expect(it_.accessTitles.map((title) => title.desc)).toContain('Amministratore di sostegno');
    const en = await ctx.call('/api/guests/accessTitles', 'mario.rossi', { language: 'en-EN' });
    expect(v.parse(AccessTitles, await en.json()).accessTitles[0]).toEqual({
      code: 'delegation',
      desc: 'Delegation',
    });
    for (const user of ['ospite', 'dott.ferrari', 'operatore'])
      expect((await ctx.call('/api/guests/accessTitles', user)).status).toBe(403);
  });

  it("lists the patient's guests with their rights, paged up to 100", async () => {
    const list = v.parse(GuestList, await (await ctx.call('/api/guests?max=100', 'mario.rossi')).json());
    const sara = list.guests.find((guest) => guest.person.username === 'ospite');
    expect(sara).toMatchObject({
      relationship: 'mate',
      status: 'active',
      downloadAccess: true,
      chatAccess: true,
    });
    expect(sara?.rights).toContain('dossier');
    expect(list.paging).toMatchObject({ max: 100, offset: 0, totalCount: list.guests.length });
    expect((await ctx.call('/api/guests?max=101', 'mario.rossi')).status).toBe(400);
    const giulia = v.parse(GuestList, await (await ctx.call('/api/guests', 'giulia.bianchi')).json());
    expect(giulia.guests).toEqual([]);
    // A guest never sees guests, nor does staff manage them.
    expect((await ctx.call('/api/guests', 'ospite')).status).toBe(403);
    expect((await ctx.call('/api/guests', 'dott.ferrari')).status).toBe(403);
    const other = await ctx.call(`/api/guests/${sara?.id ?? 0}`, 'giulia.bianchi');
    expect(other.status).toBe(404);
    expect((await ctx.call(`/api/guests/${sara?.id ?? 0}`, 'mario.rossi')).status).toBe(200);
  });

  it('validates every field of a new guest, answering the field in error', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ person: { ...newPerson(), email: 'laura@' } }, 'person.email', 'invalidEmail'],
      [{ person: { ...newPerson(), mobilePhone: '12ab' } }, 'person.mobilePhone', 'invalid'],
      [{ person: { ...newPerson(), fiscalCode: 'XYZ' } }, 'person.fiscalCode', 'invalid'],
      [{ person: { ...newPerson(), name: '' } }, 'person.name', 'required'],
      [{ relationship: 'cousin' }, 'relationship', 'invalid'],
      [{ accessTitle: 'friend' }, 'accessTitle', 'invalid'],
      [{ rights: ['download', 'download'] }, 'rights', 'invalid'],
      [{ rights: ['fly'] }, 'rights.0', 'invalid'],
      [{ deadline: dayFromToday(0) }, 'deadline', 'outOfRange'],
      [{ deadline: dayFromToday(6 * 366) }, 'deadline', 'outOfRange'],
      [{ documentIds: [], rights: ['download'] }, 'documentIds', 'required'],
      [{ documentIds: [giuliaDoc] }, 'documentIds', 'invalid'],
    ];
    for (const [overrides, field, code] of cases) {
      const error = await errorOf(await prepare(grant(overrides)));
      expect([field, error.status, error.fields]).toEqual([field, 400, [{ field, code }]]);
    }
  });

  it('refuses a person who is a patient or staff, or already a live guest of this patient', async () => {
    const physician = await errorOf(await prepare(grant({ person: newPerson('FRRNNA75C54F205F') })));
    expect(physician).toMatchObject({ status: 409, code: 'USER_CREATE_ERROR' });
    const [self] = await ctx.db.select().from(users).where(eq(users.username, 'mario.rossi'));
    const himself = await errorOf(await prepare(grant({ person: newPerson(self?.fiscalCode ?? '') })));
    expect(himself).toMatchObject({ status: 409, code: 'USER_CREATE_ERROR' });
    const sara = await errorOf(await prepare(grant({ person: newPerson('RSSSRA88E49L219H') })));
    expect(sara).toMatchObject({ status: 409, code: 'GUEST_SAVE_ERROR' });
    expect((await prepare(grant(), 'ospite')).status).toBe(403);
    expect((await prepare(grant(), 'dott.ferrari')).status).toBe(403);
  });

  it('creates the guest only once the authorisation is signed, with an account and its SMS', async () => {
    const prepared = await prepare(grant({ person: newPerson('VRDNNA85M41F205Z') }));
    const { documentIds } = v.parse(PrepareGuestReply, await prepared.json());
    const [temp] = await ctx.db
      .select()
      .from(tempDocuments)
      .where(eq(tempDocuments.id, documentIds[0] ?? 0));
    expect(
      Buffer.from(temp?.pdf ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Not signed yet: nothing to confirm, no account.
    expect(
      (await errorOf(await ctx.call('/api/guests', 'mario.rossi', json('POST', { documentIds })))).code,
    ).toBe('SIGN_CONTEXT_INVALID');
    expect(await ctx.db.select().from(users).where(eq(users.fiscalCode, 'VRDNNA85M41F205Z'))).toEqual([]);
    await signAs(ctx, 'mario.rossi', documentIds);
    // Someone else's ceremony, or the create confirmed as an edit: not a valid context.
    expect((await ctx.call('/api/guests', 'giulia.bianchi', json('POST', { documentIds }))).status).toBe(409);
    expect((await ctx.call('/api/guests/1', 'mario.rossi', json('PUT', { documentIds }))).status).toBe(409);
    const created = await ctx.call('/api/guests', 'mario.rossi', json('POST', { documentIds }));
    expect(created.status).toBe(201);
    const guest = v.parse(Guest, await created.json());
    expect(guest).toMatchObject({
      relationship: 'son',
      status: 'active',
      downloadAccess: true,
      documentIds: marioDocs.slice(0, 2),
      person: {
        name: 'Laura',
        surname: 'Bianchi',
        username: 'laura.bianchi',
        fiscalCode: 'VRDNNA85M41F205Z',
      },
    });
    const [sms] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'GUEST_CREDENTIALS'));
    expect(sms?.toPhone).toBe('+39 333 9876543');
    expect(sms?.body).toMatch(/Utente: laura\.bianchi Password temporanea: [A-Za-z0-9]{12}$/);
    const [account] = await ctx.db.select().from(users).where(eq(users.username, 'laura.bianchi'));
    // The temporary password must be replaced at the first login.
    expect(account).toMatchObject({
      userType: 'GUE',
      email: 'laura.bianchi@example.it',
      enabled: true,
      passwordChangeRequired: true,
    });
  });

  it('reuses the account of a guest with the same fiscal code, and edits through a new signature', async () => {
    const sara = await signedGuest(
      ctx,
      grant({ person: newPerson('RSSSRA88E49L219H'), rights: [] }),
      'giulia.bianchi',
    ).catch(() => null);
    // Giulia's documents only: Mario's are not hers to share.
    expect(sara).toBeNull();
    const [giuliaFirst] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.patientId, mario + 1))
      .limit(1);
    const reused = await signedGuest(
      ctx,
      grant({ person: newPerson('RSSSRA88E49L219H'), rights: [], documentIds: [giuliaFirst?.id ?? 0] }),
      'giulia.bianchi',
    );
    expect(reused.person.username).toBe('ospite');
    const [granted] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'GUEST_GRANTED'));
    expect(granted?.body).toContain('ospite');
    // A reused account keeps its own password: no change asked.
    const [ospite] = await ctx.db.select().from(users).where(eq(users.username, 'ospite'));
    expect(ospite?.passwordChangeRequired).toBe(false);
    const edited = await signedGuest(
      ctx,
      {
        guestId: reused.id,
        relationship: 'otherFamily',
        accessTitle: 'guardian',
        deadline: dayFromToday(60),
        rights: ['chat', 'dossier'],
        documentIds: [],
      },
      'giulia.bianchi',
    );
    expect(edited).toMatchObject({
      relationship: 'otherFamily',
      accessTitle: { code: 'guardian' },
      documentIds: [],
    });
    expect(edited.deadline).toBe(dayFromToday(60));
    // Mario cannot prepare an edit of Giulia's guest.
    const foreign = await ctx.call(
      '/api/guests/prepareUpdate',
      'mario.rossi',
      json('POST', {
        guestId: reused.id,
        relationship: 'mate',
        accessTitle: 'delegation',
        deadline: dayFromToday(5),
        rights: ['dossier'],
        documentIds: [],
      }),
    );
    expect(foreign.status).toBe(404);
    // Two grants are two accounts: a fresh login acts for the newest, Giulia's; the account list
    // offers both.
    const grants = v.parse(GuestGrants, await (await ctx.call('/api/guests/grants', 'ospite')).json());
    expect(grants.grants.map((item) => item.patientId)).toEqual([mario + 1]);
    const accounts = v.parse(AccountList, await (await ctx.call('/api/account/accounts', 'ospite')).json());
    expect(accounts.accounts.map((account) => account.patientName).sort()).toEqual([
      'Giulia Bianchi',
      'Mario Rossi',
    ]);
  });

  it('revokes a guest, once', async () => {
    const list = v.parse(GuestList, await (await ctx.call('/api/guests', 'mario.rossi')).json());
    const laura = list.guests.find((guest) => guest.person.username === 'laura.bianchi');
    const response = await ctx.call(`/api/guests/${laura?.id ?? 0}`, 'mario.rossi', { method: 'DELETE' });
    expect(await response.json()).toEqual({ documentIds: marioDocs.slice(0, 2) });
    expect(
      (await ctx.call(`/api/guests/${laura?.id ?? 0}`, 'mario.rossi', { method: 'DELETE' })).status,
    ).toBe(404);
    const after = v.parse(GuestList, await (await ctx.call('/api/guests', 'mario.rossi')).json());
    expect(after.guests.map((guest) => guest.id)).not.toContain(laura?.id);
    const [row] = await ctx.db
      .select()
      .from(guests)
      .where(eq(guests.id, laura?.id ?? 0));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const ceremonies = await ctx.db
      .select()
      .from(signatureCeremonies)
      .where(eq(signatureCeremonies.kind, 'guest'));
    expect(ceremonies.length).toBeGreaterThan(0);
  });
});
