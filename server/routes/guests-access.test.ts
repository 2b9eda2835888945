import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { noObscuring } from '../../src/contract/documents';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documents, signedDocuments } from '../db/schema';
import { dayFromToday, listedIds, newPerson, signedGuest, tokenSubjectFor } from '../test/fixtures/guests';

/**
 * The guest access matrix: shared or not, with or without the dossier and download rights, and after a
 * revocation or an expiry with a token obtained before (the next request is refused).
 */
describe.each(databaseTargets)('guest access matrix on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let docs: number[];
  let guestId: number;
  const guest = 'laura.bianchi';
  const status = async (path: string): Promise<number> => (await ctx.call(path, guest)).status;
  const codeOf = async (path: string): Promise<string> =>
    ((await (await ctx.call(path, guest)).json()) as { code: string }).code;
  const edit = (fields: Record<string, unknown>) =>
    signedGuest(ctx, {
      guestId,
      relationship: 'son',
      accessTitle: 'delegation',
      deadline: dayFromToday(30),
      rights: ['download'],
      documentIds: docs.slice(0, 2),
      ...fields,
    });

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    const rows = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.patientId, mario),
          eq(documents.superseded, false),
          eq(documents.status, 'ONLINE'),
          isNull(documents.authorUserId),
        ),
      )
      .orderBy(asc(documents.id));
    docs = rows.map((row) => row.id);
    const created = await signedGuest(ctx, {
      relationship: 'son',
      accessTitle: 'delegation',
      deadline: dayFromToday(30),
      rights: ['download'],
      documentIds: docs.slice(0, 2),
      person: newPerson(),
    });
    guestId = created.id;
    await tokenSubjectFor(ctx, guest);
  }, 120_000); // seeding a database on a loaded machine
  afterEach(() => vi.useRealTimers());
  afterAll(() => ctx.close());

  it('opens the dossier of the grant and sees exactly the shared documents, in every documents path', async () => {
    const me = (await (await ctx.call('/api/me', guest)).json()) as { patientId: number; userType: string };
    expect(me).toMatchObject({ patientId: mario, userType: 'GUE' });
    expect((await listedIds(ctx, mario, guest)).sort((a, b) => a - b)).toEqual(docs.slice(0, 2));
    const [shared, notShared] = [docs[0], docs[3]];
    expect(await status(`/api/documents/${shared}`)).toBe(200);
    expect(await status(`/api/documents/${notShared}`)).toBe(404);
    expect(await status(`/api/documents/${notShared}/view`)).toBe(404);
    expect(await status(`/api/documents/${notShared}/download`)).toBe(404);
    expect(await status(`/api/documents/download?ids=${shared}&ids=${notShared}&format=zip`)).toBe(404);
    expect(await status(`/api/documents/${shared}/download`)).toBe(200);
    // The type filter offers only the types of what the guest sees.
    const types = (await (await ctx.call(`/api/documentTypes?patientId=${mario}`, guest)).json()) as {
      documentTypes: { code: string }[];
    };
    const sharedTypes = await ctx.db
      .selectDistinct({ code: documents.documentTypeCode })
      .from(documents)
      .where(and(eq(documents.patientId, mario)));
    expect(types.documentTypes.length).toBeLessThanOrEqual(2);
    expect(types.documentTypes.length).toBeLessThan(sharedTypes.length);
    // Another patient stays closed, and the guest manages nothing, nor reads the patient's signed papers.
    expect(await status(`/api/documents?patientId=${mario + 1}`)).toBe(403);
    expect(await status('/api/guests')).toBe(403);
    const [signed] = await ctx.db
      .select({ id: signedDocuments.id })
      .from(signedDocuments)
      .where(eq(signedDocuments.patientId, mario));
    expect((await ctx.call(`/api/signedDocuments/${signed?.id ?? 0}`, 'mario.rossi')).status).toBe(200);
    expect(await status(`/api/signedDocuments/${signed?.id ?? 0}`)).toBe(404);
  });

  it("refuses downloads without the 'download' right, with the catalogue's message", async () => {
    await edit({ rights: [] });
    const shared = docs[0];
    expect(await status(`/api/documents/${shared}/view`)).toBe(200);
    const response = await ctx.call(`/api/documents/${shared}/download`, guest);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'DOWNLOAD_NOT_ALLOWED',
      message: 'Non disponi delle autorizzazioni necessarie per scaricare questo documento',
    });
    expect(await codeOf(`/api/documents/download?ids=${shared}&format=zip`)).toBe('DOWNLOAD_NOT_ALLOWED');
  });

  it("with the 'dossier' right sees the dossier minus what is obscured for the relationship", async () => {
    const [forSons, forMates, sharedForSons] = [docs[4], docs[5], docs[0]];
    const hide = (id: number | undefined, flag: string) =>
      ctx.db
        .update(documents)
        .set({ obscuring: { ...noObscuring, [flag]: true } })
        .where(eq(documents.id, id ?? 0));
    await hide(forSons, 'son');
    await hide(forMates, 'mate');
    await hide(sharedForSons, 'son');
    await edit({ rights: ['dossier'], documentIds: [sharedForSons] });
    const seen = await listedIds(ctx, mario, guest);
    expect(seen).not.toContain(forSons);
    expect(seen).toContain(forMates);
    // A document the patient shared by name stays shared, whatever its flags.
    expect(seen).toContain(sharedForSons);
    expect(await status(`/api/documents/${forSons}`)).toBe(404);
    expect(await status(`/api/documents/${forMates}`)).toBe(200);
    // As a partner instead, the other way round.
    await edit({ rights: ['dossier'], relationship: 'mate', documentIds: [] });
    const asMate = await listedIds(ctx, mario, guest);
    expect(asMate).toContain(forSons);
    expect(asMate).not.toContain(forMates);
    expect(asMate).not.toContain(undefined);
  });

  it('refuses the next request after the deadline, with a token obtained before', async () => {
    await edit({ deadline: dayFromToday(1) });
    const token = await ctx.tokenFor(guest, { expiresInSeconds: 4 * 24 * 3600 });
    const call = (path: string) => ctx.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    expect((await call(`/api/documents?patientId=${mario}`)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 49 * 3600_000);
    expect((await call(`/api/documents?patientId=${mario}`)).status).toBe(403);
    expect((await call(`/api/documents/${docs[0]}`)).status).toBe(403);
    expect(await (await call('/api/me')).json()).toMatchObject({ status: 403, code: 1 });
    const listed = (await (await ctx.call('/api/guests', 'mario.rossi')).json()) as {
      guests: { id: number; status: string }[];
    };
    expect(listed.guests.find((item) => item.id === guestId)?.status).toBe('expired');
  });

  it('refuses the next request after the revocation, with a token obtained before', async () => {
    await edit({ deadline: dayFromToday(10) });
    const token = await ctx.tokenFor(guest);
    const call = (path: string) => ctx.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    expect((await call(`/api/documents/${docs[0]}`)).status).toBe(200);
    const revoked = await ctx.call(`/api/guests/${guestId}`, 'mario.rossi', { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect((await call(`/api/documents?patientId=${mario}`)).status).toBe(403);
    expect((await call(`/api/documents/${docs[0]}`)).status).toBe(403);
    expect((await call(`/api/documents/${docs[0]}/download`)).status).toBe(403);
    expect((await call('/api/me')).status).toBe(403);
    expect(await (await call('/api/guests/grants')).json()).toEqual({ grants: [] });
  });
});
