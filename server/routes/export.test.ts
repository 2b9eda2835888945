import type { Bundle, DocumentReference } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentList, TreatmentHistory } from '../../src/contract';
import { ExportDownload, ExportList, RecordExport } from '../../src/contract/export';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, notificationOutbox, recordExportChunks, recordExports, users } from '../db/schema';
import { CHUNK_BYTES } from '../services/export/chunks';
import { runExportPass } from '../services/export/job';
import { ipsViolations } from '../test/fixtures/fhir';
import { validationErrors } from '../test/fixtures/fhir-validation';
import { json } from '../test/fixtures/guests';

const ORGANIZATION = 'Ospedale di prova';
const NOT_AT_HAND = new Set(['OFFLINE', 'RESTORING', 'ERROR']);

describe.each(databaseTargets)('whole-record export on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  /** What Mario's dossier list shows him: the archive must hold exactly the readable ones at hand. */
  let listed: v.InferOutput<typeof DocumentList>['documents'];
  const ask = (username = 'mario.rossi', language = 'it-IT') =>
    ctx.call('/api/exports', username, { ...json('POST', { patientId: mario }), language });
  const list = async (username = 'mario.rossi') =>
    v.parse(ExportList, await (await ctx.call(`/api/exports?patientId=${mario}`, username)).json()).exports;
  const built: { peakPendingBytes: number; documents: number }[] = [];
  const pass = () =>
    runExportPass(ctx.db, {
      organizationName: ORGANIZATION,
      onBuilt: (_job, archive) => built.push(archive),
    });
  /** Downloads a ready archive the way the browser does: the link, then the file with no token. */
  const download = async (id: number, username = 'mario.rossi') => {
    const linked = await ctx.call(`/api/exports/${id}/download`, username, { method: 'POST' });
    expect(linked.status, await linked.clone().text()).toBe(200);
    const { url } = v.parse(ExportDownload, await linked.json());
    const file = await ctx.app.request(url);
    return { url, file };
  };

  beforeAll(async () => {
    ctx = await createTestContext(location, {}, {}, { clinical: true });
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    const reply = await ctx.call(`/api/documents?patientId=${mario}&max=5000`, 'mario.rossi');
    listed = v.parse(DocumentList, await reply.json()).documents;
  }, 120_000);
  afterAll(() => ctx.close());

  it('builds the archive in the background: every readable PDF by year, the summary, the record Bundle, an index', async () => {
    const asked = await ask();
    expect(asked.status, await asked.clone().text()).toBe(201);
    const job = v.parse(RecordExport, await asked.json());
    expect(job).toMatchObject({ state: 'queued', documentsTotal: null, bytes: null });

    expect(await pass()).toBe(true);
    const [ready] = await list();
    const atHand = listed.filter((document) => document.viewable && !NOT_AT_HAND.has(document.status));
    const offline = listed.filter((document) => document.viewable && NOT_AT_HAND.has(document.status));
    expect(ready).toMatchObject({
      id: job.id,
      state: 'ready',
      documentsTotal: atHand.length,
      documentsDone: atHand.length,
      documentsOffline: offline.length,
    });
    const week = Date.parse(ready?.expiresAt ?? '') - Date.parse(ready?.finishedAt ?? '');
    expect(week).toBe(7 * 24 * 3600 * 1000);

    const { file } = await download(job.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="fascicolo-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(ready?.bytes);
    const entries = unzipSync(bytes);
    const pdfs = Object.keys(entries).filter((name) => name.startsWith('documenti/'));
    expect(pdfs).toHaveLength(atHand.length);
    for (const name of pdfs) {
      expect(name).toMatch(/^documenti\/\d{4}\/\d{4}-\d{2}-\d{2}-[a-z0-9-]+-\d+\.pdf$/);
      expect(
        Buffer.from(entries[name] ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // Each listed document is in the folder of its year, under its own id.
    const ids = new Set(pdfs.map((name) => Number(/-(\d+)\.pdf$/.exec(name)?.[1])));
    expect([...ids].sort((a, b) => a - b)).toEqual(
      atHand.map((document) => document.id).sort((a, b) => a - b),
    );
    expect(
      Buffer.from(entries['sintesi-sanitaria.pdf'] ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const summary = JSON.parse(new TextDecoder().decode(entries['sintesi-sanitaria.json'])) as Bundle;
    expect(summary.type).toBe('document');
    expect(ipsViolations(summary)).toEqual([]);
    expect(validationErrors(summary)).toEqual([]);

    const record = JSON.parse(new TextDecoder().decode(entries['fascicolo-fhir.json'])) as Bundle;
    expect(record).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validationErrors(record)).toEqual([]);
    const references = (record.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource): resource is DocumentReference => resource?.resourceType === 'DocumentReference');
    expect(references).toHaveLength(atHand.length);
    // Every attachment is a file of the archive.
    for (const reference of references)
      expect(entries[reference.content[0]?.attachment.url ?? '']).toBeDefined();
    const kinds = new Set(record.entry?.map((entry) => entry.resource?.resourceType));
    for (const kind of [
      'Patient',
      'Organization',
      'Condition',
      'MedicationStatement',
      'Observation',
    ] as const)
      expect(kinds.has(kind), kind).toBe(true);
    // Every result, not only the latest per test (the summary's): Mario's HbA1c over the years.
    const hba1c = (record.entry ?? []).filter(
      (entry) =>
        entry.resource?.resourceType === 'Observation' &&
        entry.resource.code.coding?.some((coding) => coding.code === '59261-8'),
    );
    expect(hba1c.length).toBeGreaterThan(1);

    const index = new TextDecoder().decode(entries['index.html']);
    expect(index).toMatch(/^<!doctype html>\n<html lang="it">/);
    expect(index).not.toMatch(/<script|https?:\/\//);
    for (const name of pdfs.slice(0, 5)) expect(index).toContain(`href="${name}"`);
    expect(index).toContain('href="fascicolo-fhir.json"');
    if (offline.length > 0) expect(index).toContain('Documenti non inclusi');

    // Held in memory at once: one stored chunk's worth plus the entry being added, never the archive.
    const [archive] = built;
    expect(archive?.peakPendingBytes).toBeLessThan(CHUNK_BYTES + 512 * 1024);
    expect(ready?.bytes).toBeGreaterThan(0);

    // The patient is told, at once and with nothing clinical in the notice.
    const told = await ctx.db
      .select({ event: notificationOutbox.event, link: notificationOutbox.link })
      .from(notificationOutbox)
      .innerJoin(users, eq(users.id, notificationOutbox.userId))
      .where(and(eq(users.username, 'mario.rossi'), eq(notificationOutbox.event, 'EXPORT_READY')));
    expect(told).toEqual([{ event: 'EXPORT_READY', link: '/export' }]);

    // The request and the download are in the treatment history.
    const history = await ctx.call(
      `/api/trackingPatientHistory/${mario}?max=50&includeOwn=true`,
      'mario.rossi',
    );
    const described = v.parse(TreatmentHistory, await history.json()).items.map((item) => item.treatmentDesc);
    expect(described).toEqual(
      expect.arrayContaining([
        "Richiesta dell'archivio completo del fascicolo",
        "Download dell'archivio completo del fascicolo",
      ]),
    );
  });

  it('makes one job of 25 parallel requests, and caps how many a day', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => ask()));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(23).fill(200), 201].sort());
    const ids = new Set(
      await Promise.all(answers.map(async (answer) => ((await answer.json()) as { id: number }).id)),
    );
    expect(ids.size).toBe(1);
    const queued = await ctx.db
      .select({ id: recordExports.id })
      .from(recordExports)
      .where(eq(recordExports.state, 'queued'));
    expect(queued).toHaveLength(1);
    // Deleting a queued job and asking again: at most five a day, the sixth refused.
    for (let round = 0; round < 6; round++) {
      const [current] = await list();
      if (current && (current.state === 'queued' || current.state === 'running'))
        expect(
          (await ctx.call(`/api/exports/${current.id}`, 'mario.rossi', { method: 'DELETE' })).status,
        ).toBe(204);
      const again = await ask();
      if (again.status === 429) {
        expect(((await again.json()) as { code: string }).code).toBe('RATE_LIMITED');
        return;
      }
    }
    throw new Error('no cap reached');
  });

  it('deletes an archive: its bytes go and its link is dead; another person never sees it', async () => {
    const [done] = await ctx.db.select().from(recordExports).where(eq(recordExports.state, 'ready')).limit(1);
    expect(done).toBeDefined();
    const id = done?.id ?? 0;
    const { url, file } = await download(id);
    await file.arrayBuffer();
    // Another account asking for it, its link or its deletion: the same 404 as none.
    expect((await ctx.call(`/api/exports/${id}/download`, 'giulia.bianchi', { method: 'POST' })).status).toBe(
      404,
    );
    expect((await ctx.call(`/api/exports/${id}`, 'giulia.bianchi', { method: 'DELETE' })).status).toBe(404);
    expect((await ctx.call(`/api/exports?patientId=${mario}`, 'giulia.bianchi')).status).toBe(403);
    // A forged token (another id, the same signature) is refused.
    const forged = url.replace(/\/file\/\d+\./, `/file/${id + 1}.`);
    expect((await ctx.app.request(forged)).status).toBe(404);
    expect((await ctx.call(`/api/exports/${id}`, 'mario.rossi', { method: 'DELETE' })).status).toBe(204);
    expect((await ctx.app.request(url)).status).toBe(404);
    const chunks = await ctx.db.select().from(recordExportChunks).where(eq(recordExportChunks.exportId, id));
    expect(chunks).toEqual([]);
  });

  it('expires a ready archive after its week, bytes and all', async () => {
    await ctx.db.delete(recordExports);
    expect((await ask()).status).toBe(201);
    await pass();
    const [ready] = await list();
    expect(ready?.state).toBe('ready');
    const later = new Date(Date.parse(ready?.expiresAt ?? '') + 1000);
    await runExportPass(ctx.db, { organizationName: ORGANIZATION, now: () => later });
    const [expired] = await list();
    expect(expired).toMatchObject({ id: ready?.id, state: 'expired', bytes: null, expiresAt: null });
    expect(await ctx.db.select().from(recordExportChunks)).toEqual([]);
  });

  it('refuses staff (audited) and checks the fields', async () => {
    const staff = await ask('dott.ferrari');
    expect(staff.status).toBe(403);
    expect(((await staff.json()) as { code: string }).code).toBe('ACCESS_DENIED');
    const [refused] = await ctx.db
      .select({ outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.activity, 'RECORD_EXPORT'), eq(auditLog.userRole, 'PHY')));
    expect(refused).toEqual({ outcome: 'DENIED', detail: 'STAFF_MAY_NOT_EXPORT' });
    const bad = await ctx.call('/api/exports', 'mario.rossi', json('POST', { patientId: 'x' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('patientId');
    expect((await ctx.app.request('/api/exports/file/not-a-token')).status).toBe(400);
    expect((await ctx.call('/api/exports/0/download', 'mario.rossi', { method: 'POST' })).status).toBe(400);
  });

  it('builds in English for an English requester', async () => {
    await ctx.db.delete(recordExports);
    expect((await ask('mario.rossi', 'en-GB')).status).toBe(201);
    await pass();
    const [ready] = await list();
    const { file } = await download(ready?.id ?? 0);
    expect(file.headers.get('content-disposition')).toMatch(/filename="health-record-/);
    const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining([
        'index.html',
        'patient-summary.pdf',
        'patient-summary.json',
        'record-fhir.json',
      ]),
    );
    expect(Object.keys(entries).some((name) => name.startsWith('documents/'))).toBe(true);
    expect(new TextDecoder().decode(entries['index.html'])).toContain('<html lang="en">');
  });
});
