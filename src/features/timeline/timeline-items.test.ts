import { describe, expect, it, vi } from 'vitest';
import type { Document } from '../../contract/documents';
import { toTimelineItems } from './timeline-items';

const doc = (id: number, viewable: boolean): Document => ({
  id,
  patientId: 1,
  title: `Referto <${id}>`,
  accessionNumber: null,
  documentType: { code: 'LAB', desc: 'Referto di laboratorio' },
  documentProvenanceUnit: { code: 'LAB', desc: 'Laboratorio analisi' },
  status: 'ONLINE',
  viewable,
  obscuringInfo: {
    general: false,
    mate: false,
    operator: false,
    other: false,
    otherFamily: false,
    parent: false,
    son: false,
    specialist: false,
  },
  docCreationDateTime: '2024-05-02T10:00:00.000Z',
  patientCurrentLocation: { code: 'O', desc: 'Ambulatoriale' },
  dicomStatus: null,
  showDicom: false,
  version: 1,
  pageCount: 1,
});

describe('toTimelineItems', () => {
  it('writes a tooltip only when it is read, escaped, once', () => {
    const formatDate = vi.fn(() => '02/05/2024 12:00');
    const items = toTimelineItems([doc(1, true), doc(2, false)], {
      isPhysician: false,
      notReadable: 'Documento non leggibile',
      formatDate,
    });
    expect(formatDate).not.toHaveBeenCalled();
    expect(items.map((item) => [item.id, item.label, item.className])).toEqual([
      [1, 'Referto di laboratorio', 'tl-doc'],
      [2, 'Documento non leggibile', 'tl-doc tl-doc-locked'],
    ]);
    const first = items[0];
    expect(first?.title).toContain('Referto &lt;1&gt;');
    expect(first?.title).toContain('02/05/2024 12:00');
    expect(first?.title).toBe(first?.title);
    expect(formatDate).toHaveBeenCalledTimes(1);
    expect(items[1]?.title.startsWith('Documento non leggibile')).toBe(true);
    expect(Object.keys(first ?? {})).toContain('title');
  });
});
