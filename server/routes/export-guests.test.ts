import { and, asc, eq, isNull } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportDownload, ExportList } from '../../src/contract/export';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documents, recordExports } from '../db/schema';
import { runExportPass, STALE_AFTER_MS } from '../services/export/job';
import { dayFromToday, json, newPerson, signedGuest, tokenSubjectFor } from '../test/fixtures/guests';

const ORGANIZATION = 'Ospedale di prova';

/** A guest's archive holds what the grant shows, and a build whose process stopped is taken again. */
describe.each(databaseTargets)(
  'whole-record export for guests and lost processes on $name',
  ({ location }) => {
    let ctx: TestContext;
    let mario: number;
    let guestId: number;
    let shared: number[];
    const guest = 'laura.bianchi';
    const ask = (username: string) => ctx.call('/api/exports', username, json('POST', { patientId: mario }));
    const grant = (rights: string[]) =>
      signedGuest(ctx, {
        guestId,
        relationship: 'son',
        accessTitle: 'delegation',
        deadline: dayFromToday(30),
        rights,
        documentIds: shared,
      });

    beforeAll(async () => {
      ctx = await createTestContext(location, {}, {}, { clinical: true });
      mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
      const rows = await ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.patientId, mario),
            eq(documents.superseded, false),
            eq(documents.status, 'ONLINE'),
            eq(documents.documentTypeCode, 'LAB'),
            isNull(documents.authorUserId),
          ),
        )
        .orderBy(asc(documents.id))
        .limit(2);
      shared = rows.map((row) => row.id);
      const created = await signedGuest(ctx, {
        relationship: 'son',
        accessTitle: 'delegation',
        deadline: dayFromToday(30),
        rights: [],
        documentIds: shared,
        person: newPerson(),
      });
      guestId = created.id;
      await tokenSubjectFor(ctx, guest);
    }, 120_000);
    afterAll(() => ctx.close());

    it('refuses a guest without the download right, then gives one with it exactly the shared documents', async () => {
      const refused = await ask(guest);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('DOWNLOAD_NOT_ALLOWED');

      await grant(['download']);
      expect((await ask(guest)).status).toBe(201);
      await runExportPass(ctx.db, { organizationName: ORGANIZATION });
      const [ready] = v.parse(
        ExportList,
        await (await ctx.call(`/api/exports?patientId=${mario}`, guest)).json(),
      ).exports;
      expect(ready).toMatchObject({ state: 'ready', documentsTotal: 2 });
      // The patient's own list does not show the guest's archive: each sees their own.
      const own = await ctx.call(`/api/exports?patientId=${mario}`, 'mario.rossi');
      expect(v.parse(ExportList, await own.json()).exports).toEqual([]);

      const linked = await ctx.call(`/api/exports/${ready?.id}/download`, guest, { method: 'POST' });
      const { url } = v.parse(ExportDownload, await linked.json());
      const entries = unzipSync(new Uint8Array(await (await ctx.app.request(url)).arrayBuffer()));
      const ids = Object.keys(entries)
        .filter((name) => name.endsWith('.pdf') && name.startsWith('documenti/'))
        .map((name) => Number(/-(\d+)\.pdf$/.exec(name)?.[1]))
        .sort((a, b) => a - b);
      expect(ids).toEqual(shared);

      // The right taken away: the ready archive is no longer handed out.
      await grant([]);
      const after = await ctx.call(`/api/exports/${ready?.id}/download`, guest, { method: 'POST' });
      expect(after.status).toBe(403);
    });

    it('takes again a build whose process stopped beating, and a stopping process hands its job back', async () => {
      await ctx.db.delete(recordExports);
      expect((await ask('mario.rossi')).status).toBe(201);
      // A process that stops at its first heartbeat gives the job back to the queue.
      expect(await runExportPass(ctx.db, { organizationName: ORGANIZATION, stopping: () => true })).toBe(
        true,
      );
      const [handedBack] = await ctx.db.select().from(recordExports);
      expect(handedBack).toMatchObject({ state: 'queued', attempts: 0 });

      // A process that died mid-build: running, its heartbeat old. The next pass takes it and finishes.
      const long = new Date(Date.now() - STALE_AFTER_MS - 1000);
      await ctx.db
        .update(recordExports)
        .set({ state: 'running', heartbeatAt: long, attempts: 1 })
        .where(eq(recordExports.id, handedBack?.id ?? 0));
      expect(await runExportPass(ctx.db, { organizationName: ORGANIZATION })).toBe(true);
      const [taken] = await ctx.db.select().from(recordExports);
      expect(taken).toMatchObject({ state: 'ready', attempts: 2 });
      // With a fresh heartbeat, a running job is nobody else's to take.
      await ctx.db
        .update(recordExports)
        .set({ state: 'running', heartbeatAt: new Date() })
        .where(eq(recordExports.id, taken?.id ?? 0));
      expect(await runExportPass(ctx.db, { organizationName: ORGANIZATION })).toBe(false);
    });
  },
);
