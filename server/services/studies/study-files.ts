import type { StudyManifest } from '../../../src/contract';
import { phantomFor } from './phantoms';
import { gaussian, seededRandom, uidFor } from './uid';
import { type DicomElement, writeDicomFile } from './writer';

/** What the generator needs of a `studies` row. */
export interface StudyDescriptor {
  studyId: string;
  patientId: number;
  accessionNumber: string;
  modality: string;
  description: string;
  sliceCount: number;
}

/** The study id is already a UID when the seed made it one; anything else is hashed into one. */
export function studyInstanceUid(studyId: string): string {
  return /^[0-9.]{1,64}$/.test(studyId) ? studyId : uidFor(studyId);
}

export function studyManifest(study: StudyDescriptor): StudyManifest {
  const kind = phantomFor(study.modality);
  return {
    studyId: study.studyId,
    modality: study.modality,
    description: study.description,
    sliceCount: study.sliceCount,
    rows: kind.size,
    columns: kind.size,
    windowCenter: kind.windowCenter,
    windowWidth: kind.windowWidth,
  };
}

function renderPixels(study: StudyDescriptor, instance: number): Uint16Array {
  const kind = phantomFor(study.modality);
  const size = kind.size;
  const z = study.sliceCount > 1 ? (instance - 1) / (study.sliceCount - 1) : 0.5;
  const random = seededRandom(`${study.studyId}/${instance}`);
  const pixels = new Uint16Array(size * size);
  const at = (index: number, offset: number): number => ((index + offset) / size) * 2 - 1;
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      // 2×2 samples per pixel: smooth edges, as a real detector's partial volume gives.
      let sum = 0;
      for (const dy of [0.25, 0.75])
        for (const dx of [0.25, 0.75]) sum += kind.sample(at(column, dx), at(row, dy), z);
      const mean = sum / 4;
      // Outside the body (a zero signal) the noise floor is lower, as on a real scanner.
      const value = mean + kind.noise * (mean === 0 ? 0.3 : 1) * gaussian(random) - kind.rescaleIntercept;
      pixels[row * size + column] = Math.max(0, Math.min(4095, Math.round(value)));
    }
  }
  return pixels;
}

const ds = (...values: number[]): string =>
  values.map((value) => String(Number(value.toFixed(4)))).join('\\');

/** One slice (1-based instance number) as a DICOM Part 10 file. */
export function renderSlice(study: StudyDescriptor, instance: number): Uint8Array {
  const kind = phantomFor(study.modality);
  const studyUid = studyInstanceUid(study.studyId);
  const sopInstanceUid = uidFor(`${studyUid}/instance/${instance}`);
  const position = (instance - 1) * kind.sliceThicknessMm;
  const half = (kind.size * kind.pixelSpacingMm) / 2;
  const elements: DicomElement[] = [
    { tag: 0x00080008, vr: 'CS', value: 'ORIGINAL\\PRIMARY\\AXIAL' },
    { tag: 0x00080016, vr: 'UI', value: kind.sopClassUid },
    { tag: 0x00080018, vr: 'UI', value: sopInstanceUid },
    { tag: 0x00080020, vr: 'DA', value: '' },
    // SH and LO have maximum lengths (16 and 64 characters).
    { tag: 0x00080050, vr: 'SH', value: study.accessionNumber.slice(0, 16) },
    { tag: 0x00080060, vr: 'CS', value: kind.modality },
    { tag: 0x00081030, vr: 'LO', value: study.description.slice(0, 64) },
    { tag: 0x00100010, vr: 'PN', value: '' },
    { tag: 0x00100020, vr: 'LO', value: String(study.patientId) },
    { tag: 0x00180050, vr: 'DS', value: ds(kind.sliceThicknessMm) },
    { tag: 0x0020000d, vr: 'UI', value: studyUid },
    { tag: 0x0020000e, vr: 'UI', value: uidFor(`${studyUid}/series/1`) },
    { tag: 0x00200011, vr: 'IS', value: '1' },
    { tag: 0x00200013, vr: 'IS', value: String(instance) },
    { tag: 0x00200032, vr: 'DS', value: ds(-half, -half, position) },
    { tag: 0x00200037, vr: 'DS', value: ds(1, 0, 0, 0, 1, 0) },
    { tag: 0x00201041, vr: 'DS', value: ds(position) },
    { tag: 0x00280002, vr: 'US', value: 1 },
    { tag: 0x00280004, vr: 'CS', value: 'MONOCHROME2' },
    { tag: 0x00280010, vr: 'US', value: kind.size },
    { tag: 0x00280011, vr: 'US', value: kind.size },
    { tag: 0x00280030, vr: 'DS', value: ds(kind.pixelSpacingMm, kind.pixelSpacingMm) },
    { tag: 0x00280100, vr: 'US', value: 16 },
    { tag: 0x00280101, vr: 'US', value: 12 },
    { tag: 0x00280102, vr: 'US', value: 11 },
    { tag: 0x00280103, vr: 'US', value: 0 },
    { tag: 0x00281050, vr: 'DS', value: ds(kind.windowCenter) },
    { tag: 0x00281051, vr: 'DS', value: ds(kind.windowWidth) },
    { tag: 0x00281052, vr: 'DS', value: ds(kind.rescaleIntercept) },
    { tag: 0x00281053, vr: 'DS', value: '1' },
    { tag: 0x7fe00010, vr: 'OW', value: renderPixels(study, instance) },
  ];
  return writeDicomFile(kind.sopClassUid, sopInstanceUid, elements);
}

/** Slices already rendered, per study; only the most recently used studies are kept. */
const cache = new Map<string, Map<number, Uint8Array>>();
const CACHED_STUDIES = 6;

/** The slice from the memory cache, rendering it on first use (a few milliseconds). */
export function studySlice(study: StudyDescriptor, instance: number): Uint8Array {
  let slices = cache.get(study.studyId);
  if (slices) cache.delete(study.studyId);
  else slices = new Map();
  cache.set(study.studyId, slices); // re-inserted: Map order is the recency order
  while (cache.size > CACHED_STUDIES) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  let file = slices.get(instance);
  if (!file) {
    file = renderSlice(study, instance);
    slices.set(instance, file);
  }
  return file;
}
