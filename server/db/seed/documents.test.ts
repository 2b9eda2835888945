import { PDFDocument } from 'pdf-lib';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DocumentContent } from '../../services/pdf/content';
import { renderDocumentPdf } from '../../services/pdf/render-document';
import { toWinAnsi } from '../../services/pdf/win-ansi';
import { buildDocumentRows } from './documents';
import { createRandom } from './random';

const now = new Date('2026-11-22T00:00:00Z');
const unitIds = [1, 2, 3, 4, 5, 6, 7, 8];
const build = (count: number, seed = 7): ReturnType<typeof buildDocumentRows> =>
  buildDocumentRows(createRandom(seed), 1, count, unitIds, now);

describe('demo documents', () => {
  it('is deterministic for a seed and covers every type and availability state', () => {
    const rows = build(40);
    expect(build(40)).toEqual(rows);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.documentTypeCode))).toEqual(
      new Set(['LAB', 'RAD', 'DIM', 'VIS', 'PS', 'PSI']),
    );
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['ONLINE', 'OFFLINE', 'RESTORING', 'ERROR', 'NOT_READABLE']),
    );
    const tenYearsAgo = now.getTime() - 10 * 366 * 24 * 3600 * 1000;
    expect(
      rows.every((row) => row.createdAt.getTime() <= now.getTime() && row.createdAt.getTime() > tenYearsAgo),
    ).toBe(true);
  });

  it('gives radiology accession numbers and chains replaced versions, the old ones superseded', () => {
    const rows = build(80, 11);
    const radiology = rows.filter((row) => row.documentTypeCode === 'RAD');
    expect(radiology.every((row) => /^\d{11}(\|\d{11})?$/.test(row.accessionNumber ?? ''))).toBe(true);
    expect(
      rows.filter((row) => row.documentTypeCode !== 'RAD').every((row) => row.accessionNumber === null),
    ).toBe(true);
    rows.forEach((row, index) => {
      if ((row.version ?? 1) === 1) return;
      const previous = rows[index - 1];
      expect(previous).toMatchObject({ title: row.title, version: (row.version ?? 1) - 1, superseded: true });
    });
    expect(rows.some((row) => row.version === 3 && row.superseded === false)).toBe(true);
  });

  it('stores page counts of 2 to 5 that match the rendered PDF', async () => {
    const rows = build(60, 3);
    expect(rows.every((row) => (row.pageCount ?? 0) >= 2 && (row.pageCount ?? 0) <= 5)).toBe(true);
    for (const row of rows.slice(0, 8)) {
      const bytes = await renderDocumentPdf({
        id: 1,
        version: row.version ?? 1,
        title: row.title,
        typeDesc: row.documentTypeCode,
        createdAt: row.createdAt,
        authorName: row.authorName,
        unit: { name: 'Cardiologia', hospital: 'Ospedale Maggiore' },
        patient: { name: 'Mario', surname: 'Rossi', fiscalCode: 'RSSMRA85T10F205R', birthDate: '1985-12-10' },
        content: v.parse(DocumentContent, row.content),
      });
      expect([row.documentTypeCode, (await PDFDocument.load(bytes)).getPageCount()]).toEqual([
        row.documentTypeCode,
        row.pageCount,
      ]);
    }
  });

  it('maps text the standard fonts cannot encode', () => {
    expect(toWinAnsi('PA ≥ 140 mmHg → controllo, µUI/mL, è “ok” – €')).toBe(
      'PA >= 140 mmHg -> controllo, µUI/mL, è “ok” – €',
    );
    expect(toWinAnsi('Đorđe Łukasz 漢\nriga')).toBe('Dorde Lukasz ? riga');
  });
});
