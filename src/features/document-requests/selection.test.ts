import { describe, expect, it } from 'vitest';
import { MARIO_ROSSI } from '../../test/fixtures';
import { newDraft } from './draft';
import { requestBody, setCopies, stepCopies, toggleFlag } from './selection';

const plain = { id: 7, title: 'Emocromo', date: '2024-05-10T08:30:00.000Z', hasStudies: false };
const imaged = { id: 9, title: 'TC torace', date: '2024-06-10T08:30:00.000Z', hasStudies: true };

describe('copy request selection', () => {
  it('adds an entry with 1 copy and removes it when both flags are off', () => {
    const one = toggleFlag({}, imaged, 'document', true);
    expect(one['9']).toMatchObject({ document: true, dicom: false, numCopies: 1 });
    const both = toggleFlag(setCopies(one, '9', 3), imaged, 'dicom', true);
    expect(both['9']).toMatchObject({ document: true, dicom: true, numCopies: 3 });
    const imagesOnly = toggleFlag(both, imaged, 'document', false);
    expect(imagesOnly['9']).toMatchObject({ document: false, dicom: true });
    expect(toggleFlag(imagesOnly, imaged, 'dicom', false)).toEqual({});
  });

  it('never sets the image flag of a document without studies', () => {
    expect(toggleFlag({}, plain, 'dicom', true)).toEqual({});
    const withDocument = toggleFlag({}, plain, 'document', true);
    expect(toggleFlag(withDocument, plain, 'dicom', true)['7']?.dicom).toBe(false);
  });

  it("starts the requester's data from the patient's record, and only for that patient", () => {
    const info = newDraft(MARIO_ROSSI.mepiId, 'REPORTS', 0, MARIO_ROSSI).delivery.info;
    expect(info).toMatchObject({
      surname: 'Rossi',
      name: 'Mario',
      address: 'Via Roma',
      mobile: '+39 333 1234567',
      delegated: null,
    });
    expect(newDraft(2002, 'REPORTS', 0, MARIO_ROSSI).delivery.info.surname).toBe('');
  });

  it('keeps copies within 1 and the maximum; a step to 0 asks to cancel', () => {
    expect(stepCopies(1, 1, 5)).toBe(2);
    expect(stepCopies(5, 1, 5)).toBe(5);
    expect(stepCopies(2, -1, 5)).toBe(1);
    expect(stepCopies(1, -1, 5)).toBeNull();
  });

  it('sends the delegate only with a delegate collection and the image support only with images', () => {
    const draft = newDraft(1001, 'REPORTS');
    draft.selected = toggleFlag({}, plain, 'document', true);
    draft.delivery.imageSupport = 'DVD';
    draft.delivery.info.delegated = {
      surname: 'Bianchi',
      name: 'Anna',
      document: 'PASSPORT',
      documentNumber: 'YA1234567',
    };
    const body = requestBody(draft);
    expect(body).toMatchObject({
      kind: 'REPORTS',
      patientId: 1001,
      items: [{ documentId: 7, document: true, dicom: false, numCopies: 1 }],
    });
    expect(body.delivery.imageSupport).toBeNull();
    expect(body.delivery.info.delegated).toBeNull();
    draft.delivery.modality = 'DELEGATE';
    expect(requestBody(draft).delivery.info.delegated?.surname).toBe('Bianchi');
    const records = newDraft(1001, 'MEDICAL_RECORDS');
    records.selected = toggleFlag({}, { ...plain, id: 3 }, 'document', true);
    expect(requestBody(records).items).toEqual([{ hospitalizationId: 3, numCopies: 1 }]);
  });
});
