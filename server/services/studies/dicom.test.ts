import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { phantomKinds } from './phantoms';
import { renderSlice, type StudyDescriptor, studyInstanceUid, studySlice } from './study-files';
import { dicomStatusOf, MOVE_DURATION_MS, settledStatus } from './study-status';
import { uidFor } from './uid';

interface ParsedImage {
  rows: number;
  columns: number;
  instanceNumber: number;
  windowCenter: number;
  windowWidth: number;
  rescaleIntercept: number;
  modality: string;
  studyInstanceUid: string;
  pixels: Uint16Array | Int16Array;
}

/** The viewer's own parser (plain JS in public/), so the test checks the code the browser runs. */
async function viewerParser(): Promise<(buffer: ArrayBuffer) => ParsedImage> {
  const file = pathToFileURL(path.resolve('public/viewer/dicom-parser.js')).href;
  const module = (await import(/* @vite-ignore */ file)) as {
    parseDicom: (buffer: ArrayBuffer) => ParsedImage;
  };
  return module.parseDicom;
}

const toBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

const ct: StudyDescriptor = {
  studyId: uidFor('test/ct'),
  patientId: 7,
  accessionNumber: 'ACC123',
  modality: 'CT',
  description: 'TC encefalo',
  sliceCount: 24,
};

describe('synthetic DICOM', () => {
  it('writes a Part 10 file that the viewer parser reads back with the right dimensions', async () => {
    const parseDicom = await viewerParser();
    const bytes = renderSlice(ct, 12);
    expect(new TextDecoder().decode(bytes.subarray(128, 132))).toBe('DICM');
    const image = parseDicom(toBuffer(bytes));
    expect(image).toMatchObject({
      rows: 256,
      columns: 256,
      instanceNumber: 12,
      windowCenter: 40,
      windowWidth: 80,
      rescaleIntercept: -1024,
      modality: 'CT',
      studyInstanceUid: ct.studyId,
    });
    expect(image.pixels).toHaveLength(256 * 256);
    // Air in the corner, brain in the middle (in Hounsfield units after rescaling).
    const hu = (row: number, column: number): number => (image.pixels[row * 256 + column] ?? 0) - 1024;
    expect(hu(2, 2)).toBeLessThan(-900);
    expect(Math.abs(hu(128, 60) - 30)).toBeLessThan(40);
  });

  it('renders every modality, deterministically, with slices that differ', async () => {
    const parseDicom = await viewerParser();
    for (const kind of Object.values(phantomKinds)) {
      const study = { ...ct, studyId: uidFor(`test/${kind.modality}`), modality: kind.modality };
      const first = parseDicom(toBuffer(renderSlice({ ...study, sliceCount: kind.sliceCount }, 1)));
      expect(first.rows).toBe(kind.size);
      expect(first.modality).toBe(kind.modality);
    }
    const a = renderSlice(ct, 3);
    expect(Buffer.from(renderSlice(ct, 3)).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(renderSlice(ct, 15)).equals(Buffer.from(a))).toBe(false);
    expect(studySlice(ct, 3)).toBe(studySlice(ct, 3));
  });

  it('derives stable UIDs within the 64-character limit', () => {
    expect(uidFor('x')).toBe(uidFor('x'));
    expect(uidFor('x')).toMatch(/^2\.25\.\d+$/);
    expect(uidFor('x').length).toBeLessThanOrEqual(64);
    expect(studyInstanceUid('ACC-1')).toMatch(/^2\.25\./);
  });
});

describe('study status', () => {
  it('finishes a move after 15 seconds', () => {
    const moveRequestedAt = new Date('2026-01-01T10:00:00Z');
    const at = (ms: number): Date => new Date(moveRequestedAt.getTime() + ms);
    expect(settledStatus({ status: 'MOVING', moveRequestedAt }, at(MOVE_DURATION_MS - 1))).toBe('MOVING');
    expect(settledStatus({ status: 'MOVING', moveRequestedAt }, at(MOVE_DURATION_MS))).toBe('ONLINE');
    expect(settledStatus({ status: 'OFFLINE', moveRequestedAt: null }, at(60_000))).toBe('OFFLINE');
  });

  it('derives a document DICOM status from its accession numbers', () => {
    const known = new Map([['A1', 'ONLINE' as const]]);
    expect(dicomStatusOf(null, known)).toBeNull();
    expect(dicomStatusOf('', known)).toBeNull();
    expect(dicomStatusOf('A1', known)).toBe('ONLINE');
    expect(dicomStatusOf('A2', known)).toBe('NOTFOUND');
    expect(dicomStatusOf('A1|A2', known)).toBe('MULTIPLE');
    expect(dicomStatusOf(' A1 | ', known)).toBe('ONLINE');
  });
});
