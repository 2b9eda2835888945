/**
 * A minimal DICOM Part 10 writer: preamble, "DICM", the file meta group and a flat data set, all in
 * Explicit VR Little Endian. Enough for single-frame grayscale images; no sequences, no compression.
 */

export type DicomValue = string | number | readonly number[] | Uint8Array | Uint16Array | Int16Array;

export interface DicomElement {
  /** Group and element packed as 0xGGGGEEEE. */
  tag: number;
  vr: string;
  value: DicomValue;
}

export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
const IMPLEMENTATION_CLASS_UID = '2.25.186074106113893432611223450417297420131';

/** These VRs carry a 4-byte length after two reserved bytes (PS3.5 7.1.2). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT']);

function textBytes(vr: string, text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length % 2 === 0) return bytes;
  // Odd values are padded to even length: UIs with NUL, other text with a space (PS3.5 6.2).
  const padded = new Uint8Array(bytes.length + 1);
  padded.set(bytes);
  padded[bytes.length] = vr === 'UI' ? 0 : 0x20;
  return padded;
}

function valueBytes(vr: string, value: DicomValue): Uint8Array {
  if (typeof value === 'string') return textBytes(vr, value);
  if (value instanceof Uint8Array) {
    if (value.length % 2 === 0) return value;
    const padded = new Uint8Array(value.length + 1);
    padded.set(value);
    return padded;
  }
  if (value instanceof Uint16Array || value instanceof Int16Array) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  const numbers = typeof value === 'number' ? [value] : value;
  const size = vr === 'UL' || vr === 'SL' ? 4 : 2;
  const view = new DataView(new ArrayBuffer(numbers.length * size));
  numbers.forEach((number, index) => {
    if (vr === 'US') view.setUint16(index * 2, number, true);
    else if (vr === 'SS') view.setInt16(index * 2, number, true);
    else if (vr === 'UL') view.setUint32(index * 4, number, true);
    else if (vr === 'SL') view.setInt32(index * 4, number, true);
    else throw new Error(`numeric value for VR ${vr}`);
  });
  return new Uint8Array(view.buffer);
}

function encodeElement(element: DicomElement): Uint8Array {
  const value = valueBytes(element.vr, element.value);
  const long = LONG_VRS.has(element.vr);
  const header = new DataView(new ArrayBuffer(long ? 12 : 8));
  header.setUint16(0, element.tag >>> 16, true);
  header.setUint16(2, element.tag & 0xffff, true);
  header.setUint8(4, element.vr.charCodeAt(0));
  header.setUint8(5, element.vr.charCodeAt(1));
  if (long) header.setUint32(8, value.length, true);
  else if (value.length > 0xffff) throw new Error(`value too long for VR ${element.vr}`);
  else header.setUint16(6, value.length, true);
  const bytes = new Uint8Array(header.byteLength + value.length);
  bytes.set(new Uint8Array(header.buffer));
  bytes.set(value, header.byteLength);
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A complete Part 10 file; the data set's elements are sorted by tag here, as the standard requires. */
export function writeDicomFile(
  sopClassUid: string,
  sopInstanceUid: string,
  dataSet: DicomElement[],
): Uint8Array {
  const metaBody = concat(
    [
      { tag: 0x00020001, vr: 'OB', value: new Uint8Array([0, 1]) },
      { tag: 0x00020002, vr: 'UI', value: sopClassUid },
      { tag: 0x00020003, vr: 'UI', value: sopInstanceUid },
      { tag: 0x00020010, vr: 'UI', value: EXPLICIT_VR_LITTLE_ENDIAN },
      { tag: 0x00020012, vr: 'UI', value: IMPLEMENTATION_CLASS_UID },
    ].map(encodeElement),
  );
  const metaLength = encodeElement({ tag: 0x00020000, vr: 'UL', value: metaBody.length });
  const body = [...dataSet].sort((a, b) => a.tag - b.tag).map(encodeElement);
  return concat([new Uint8Array(128), new TextEncoder().encode('DICM'), metaLength, metaBody, ...body]);
}
