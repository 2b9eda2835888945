/**
 * A small DICOM Part 10 reader for the viewer: Explicit VR Little Endian, single-frame grayscale,
 * no sequences with undefined length, no compression. Enough for the portal's own studies.
 */

const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT']);
const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';

/** @param {DataView} view @param {number} offset @param {number} length */
function text(view, offset, length) {
  let out = '';
  for (let index = 0; index < length; index += 1) out += String.fromCharCode(view.getUint8(offset + index));
  return out.replace(/[\0 ]+$/, '').trim();
}

/**
 * Reads every element of the file into a map keyed by tag (0xGGGGEEEE): text values as strings,
 * US as numbers, other binary values as {offset, length} into the buffer.
 * @param {ArrayBuffer} buffer
 * @returns {Map<number, string | number | {offset: number, length: number}>}
 */
export function readElements(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < 132 || text(view, 128, 4) !== 'DICM') throw new Error('not a DICOM Part 10 file');
  const elements = new Map();
  let offset = 132;
  while (offset + 8 <= buffer.byteLength) {
    const tag = ((view.getUint16(offset, true) << 16) | view.getUint16(offset + 2, true)) >>> 0;
    const vr = text(view, offset + 4, 2);
    let length;
    let valueOffset;
    if (LONG_VRS.has(vr)) {
      length = view.getUint32(offset + 8, true);
      valueOffset = offset + 12;
    } else {
      length = view.getUint16(offset + 6, true);
      valueOffset = offset + 8;
    }
    if (length === 0xffffffff) throw new Error('undefined length is not supported');
    if (valueOffset + length > buffer.byteLength) throw new Error('truncated DICOM file');
    if (vr === 'US') elements.set(tag, view.getUint16(valueOffset, true));
    else if (['OB', 'OW', 'OF', 'SQ', 'UN', 'SS', 'SL', 'UL', 'FL', 'FD'].includes(vr))
      elements.set(tag, { offset: valueOffset, length });
    else elements.set(tag, text(view, valueOffset, length));
    if (tag === 0x00020010 && elements.get(tag) !== EXPLICIT_LITTLE)
      throw new Error(`unsupported transfer syntax ${String(elements.get(tag))}`);
    offset = valueOffset + length;
  }
  return elements;
}

/** @param {unknown} value @param {number} fallback */
function firstNumber(value, fallback) {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value === '') return fallback;
  const number = Number(value.split('\\')[0]);
  return Number.isFinite(number) ? number : fallback;
}

/**
 * @typedef {object} DicomImage
 * @property {number} rows
 * @property {number} columns
 * @property {number} instanceNumber
 * @property {number} windowCenter
 * @property {number} windowWidth
 * @property {number} rescaleSlope
 * @property {number} rescaleIntercept
 * @property {string} modality
 * @property {string} studyInstanceUid
 * @property {Int16Array | Uint16Array} pixels stored values, before rescaling
 */

/**
 * Parses one grayscale image.
 * @param {ArrayBuffer} buffer
 * @returns {DicomImage}
 */
export function parseDicom(buffer) {
  const elements = readElements(buffer);
  const rows = firstNumber(elements.get(0x00280010), 0);
  const columns = firstNumber(elements.get(0x00280011), 0);
  const bitsAllocated = firstNumber(elements.get(0x00280100), 16);
  const signed = firstNumber(elements.get(0x00280103), 0) === 1;
  const pixelData = elements.get(0x7fe00010);
  if (!rows || !columns || typeof pixelData !== 'object') throw new Error('no image in this file');
  if (bitsAllocated !== 16) throw new Error(`unsupported bits allocated ${bitsAllocated}`);
  if (pixelData.length < rows * columns * 2) throw new Error('pixel data too short');
  // Copied, so the pixel array is aligned whatever the element's offset.
  const bytes = buffer.slice(pixelData.offset, pixelData.offset + rows * columns * 2);
  const pixels = signed ? new Int16Array(bytes) : new Uint16Array(bytes);
  return {
    rows,
    columns,
    instanceNumber: firstNumber(elements.get(0x00200013), 1),
    windowCenter: firstNumber(elements.get(0x00281050), 0),
    windowWidth: firstNumber(elements.get(0x00281051), 0),
    rescaleSlope: firstNumber(elements.get(0x00281053), 1),
    rescaleIntercept: firstNumber(elements.get(0x00281052), 0),
    modality: String(elements.get(0x00080060) ?? ''),
    studyInstanceUid: String(elements.get(0x0020000d) ?? ''),
    pixels,
  };
}
