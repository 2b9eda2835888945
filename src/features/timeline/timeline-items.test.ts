import { describe, expect, it, vi } from 'vitest';
import type { Document } from '../../contract/documents';
import { documentOf } from '../../test/documents.fixtures';
import { clusterItem, documentItem, sortDossier } from './timeline-items';

const doc = (id: number, viewable: boolean, at = '2024-05-02T10:00:00.000Z'): Document =>
  documentOf(id, {
    patientId: 1,
    title: `Referto <${id}>`,
    documentType: { code: 'LAB', desc: 'Referto di laboratorio' },
    documentProvenanceUnit: { code: 'LAB', desc: 'Laboratorio analisi' },
    viewable,
    docCreationDateTime: at,
    patientCurrentLocation: { code: 'O', desc: 'Ambulatoriale' },
    pageCount: 1,
  });

describe('documentItem', () => {
  it('labels by readability and writes an escaped tooltip with the date', () => {
    const formatDate = vi.fn(() => '02/05/2024 12:00');
    const options = { isPhysician: false, notReadable: 'Documento non leggibile', formatDate };
    const [first, second] = [documentItem(doc(1, true), options), documentItem(doc(2, false), options)];
    expect([first, second].map((item) => [item.id, item.type, item.label, item.className])).toEqual([
      [1, 'point', 'Referto di laboratorio', 'tl-doc'],
      [2, 'point', 'Documento non leggibile', 'tl-doc tl-doc-locked'],
    ]);
    expect(first.title).toBe('Referto di laboratorio<br>Referto &lt;1&gt;<br>02/05/2024 12:00');
    expect(second.title.startsWith('Documento non leggibile')).toBe(true);
    // A physician reads the type of a document he cannot open.
    expect(documentItem(doc(3, false), { ...options, isPhysician: true }).label).toBe(
      'Referto di laboratorio',
    );
  });
});

describe('clusterItem', () => {
  it('is a box with its count and the title filled in', () => {
    const item = clusterItem('c0-12', Date.UTC(2024, 0, 1), 12, '{count} documenti: tocca per ingrandire');
    expect(item).toMatchObject({ id: 'c0-12', type: 'box', count: 12, className: 'tl-cluster-item' });
    expect(item.title).toBe('12 documenti: tocca per ingrandire');
    expect(item.start.getTime()).toBe(Date.UTC(2024, 0, 1));
  });
});

describe('sortDossier', () => {
  it('orders by date, then by id for equal dates', () => {
    const sorted = sortDossier([
      doc(5, true, '2024-05-02T10:00:00.000Z'),
      doc(9, true, '2020-01-01T00:00:00.000Z'),
      doc(2, true, '2024-05-02T10:00:00.000Z'),
    ]);
    expect(sorted.documents.map((item) => item.id)).toEqual([9, 2, 5]);
    expect([...sorted.times]).toEqual([
      Date.UTC(2020, 0, 1),
      Date.UTC(2024, 4, 2, 10),
      Date.UTC(2024, 4, 2, 10),
    ]);
  });
});
