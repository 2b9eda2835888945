import { describe, expect, it } from 'vitest';
import type { Document } from '../../contract/documents';
import { documentOf } from '../../test/documents.fixtures';
import { readDossierReply, transferables } from './dossier-reply';

const doc = (id: number, at: string, viewable = true): Document =>
  documentOf(id, {
    patientId: 1001,
    title: `Documento ${id}`,
    documentProvenanceUnit: { code: 'U1', desc: 'Medicina' },
    viewable,
    docCreationDateTime: at,
    pageCount: 1,
  });

const bytes = (value: unknown): ArrayBuffer => new TextEncoder().encode(JSON.stringify(value)).buffer;
const text = (value: string): ArrayBuffer => new TextEncoder().encode(value).buffer;

describe('readDossierReply', () => {
  it('checks, sorts by date then id, and keeps the fields the chart reads in columns', () => {
    const result = readDossierReply(
      bytes({
        documents: [
          doc(5, '2024-05-02T10:00:00.000Z'),
          doc(9, '2020-01-01T00:00:00.000Z', false),
          doc(2, '2024-05-02T10:00:00.000Z'),
        ],
        total: 3,
      }),
    );
    if (!result.ok) throw new Error('refused');
    const { columns } = result;
    expect([...columns.ids]).toEqual([9, 2, 5]);
    expect([...columns.times]).toEqual([
      Date.UTC(2020, 0, 1),
      Date.UTC(2024, 4, 2, 10),
      Date.UTC(2024, 4, 2, 10),
    ]);
    expect([...columns.viewable]).toEqual([0, 1, 1]);
    expect(columns.titles).toEqual(['Documento 9', 'Documento 2', 'Documento 5']);
    expect(columns.types).toEqual(['Esami di laboratorio', 'Esami di laboratorio', 'Esami di laboratorio']);
    expect(columns.dates[0]).toBe('2020-01-01T00:00:00.000Z');
    expect(transferables(columns)).toHaveLength(3);
  });

  it('returns the first document the contract refuses, untouched', () => {
    const broken = { ...doc(7, '2024-01-01T00:00:00.000Z'), viewable: 'yes' };
    const result = readDossierReply(bytes({ documents: [doc(1, '2023-01-01T00:00:00.000Z'), broken] }));
    expect(result).toEqual({ ok: false, document: broken });
  });

  it('refuses a reply without a document list, and text that is not JSON', () => {
    expect(readDossierReply(bytes({ items: [] }))).toEqual({ ok: false, frame: { items: [] } });
    const syntax = readDossierReply(text('{"documents": ['));
    expect(syntax.ok).toBe(false);
    expect('syntax' in syntax && syntax.syntax.length > 0).toBe(true);
  });

  it('reads an empty dossier', () => {
    const result = readDossierReply(bytes({ documents: [] }));
    expect(result.ok && result.columns.ids.length).toBe(0);
  });
});
