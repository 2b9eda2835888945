/**
 * Anatomical-looking synthetic images, one kind per modality. Coordinates are normalised: x and y run
 * from -1 to 1 across the image (y grows downwards, anterior is up), z from 0 to 1 across the slices.
 * Values are in the modality's own units before rescaling (Hounsfield for CT).
 */

export interface PhantomKind {
  modality: 'CT' | 'MR' | 'CR';
  sopClassUid: string;
  size: number;
  sliceCount: number;
  windowCenter: number;
  windowWidth: number;
  /** Stored value = (unit value - intercept); CT stores HU + 1024 so the pixels stay unsigned. */
  rescaleIntercept: number;
  pixelSpacingMm: number;
  sliceThicknessMm: number;
  noise: number;
  sample(x: number, y: number, z: number): number;
}

/** Inside the ellipse with centre (cx, cy) and semi-axes (a, b)? Returns the normalised radius squared. */
function ellipse(x: number, y: number, cx: number, cy: number, a: number, b: number): number {
  const dx = (x - cx) / a;
  const dy = (y - cy) / b;
  return dx * dx + dy * dy;
}

function ctHead(x: number, y: number, z: number): number {
  // The head narrows towards the vertex and the skull base.
  const scale = Math.sqrt(Math.max(0, 1 - ((z - 0.42) / 0.72) ** 2));
  const a = 0.74 * scale;
  const b = 0.9 * scale;
  const r = ellipse(x, y, 0, 0.02, a, b);
  if (r > 1) return -1000;
  const skin = ellipse(x, y, 0, 0.02, a - 0.04, b - 0.04);
  if (skin > 1) return 30;
  const outerTable = ellipse(x, y, 0, 0.02, a - 0.06, b - 0.06);
  if (outerTable > 1) return 1200;
  const inner = ellipse(x, y, 0, 0.02, a - 0.12, b - 0.12);
  if (inner > 1) return outerTable > 0.93 ? 600 : 1100; // diploe between two cortical tables
  if (z < 0.3) {
    // Skull base: orbits with the lenses in front, sinus air in the middle, petrous bone at the sides.
    for (const side of [-1, 1]) {
      if (ellipse(x, y, side * 0.3, -0.62, 0.17, 0.15) < 1)
        return ellipse(x, y, side * 0.3, -0.72, 0.07, 0.03) < 1 ? 120 : 12;
      if (ellipse(x, y, side * 0.42, 0.05, 0.22, 0.07) < 1) return 1400;
    }
    if (ellipse(x, y, 0, -0.45, 0.12, 0.22) < 1) return -900;
  }
  if (z > 0.35 && z < 0.72) {
    // Lateral ventricles, largest in the middle slices.
    const size = 1 - Math.abs(z - 0.53) / 0.2;
    for (const side of [-1, 1]) {
      if (ellipse(x, y, side * 0.12, -0.05, 0.06 + 0.05 * size, 0.32 * size + 0.05) < 1) return 6;
    }
  }
  // Gyri: the grey-white boundary undulates around the head, differently on every slice.
  const gyri = 1 + 0.07 * Math.sin(Math.atan2(y, x) * 11 + z * 9);
  const whiteMatter = ellipse(x, y, 0, 0.02, (a - 0.12) * 0.72 * gyri, (b - 0.12) * 0.72 * gyri);
  if (whiteMatter < 1 && Math.abs(x) > 0.02) return 26;
  if (Math.abs(x) < 0.015) return 8; // the falx and interhemispheric fissure
  return 38;
}

function mrKnee(x: number, y: number, z: number): number {
  if (ellipse(x, y, 0, 0.05, 0.82, 0.74) > 1) return 0;
  if (ellipse(x, y, 0, 0.05, 0.74, 0.66) > 1) return 820; // subcutaneous fat, bright on T1
  if (ellipse(x, y, 0, 0.5, 0.05, 0.05) < 1) return 30; // popliteal vessels: flow void
  const bone = (inside: number, rim: number): number | null => {
    if (inside > 1) return null;
    return inside > rim ? 60 : 690; // dark cortex around bright marrow
  };
  if (z < 0.45) {
    const patella = z < 0.35 ? bone(ellipse(x, y, 0, -0.5, 0.22, 0.1), 0.7) : null;
    if (patella !== null) return patella;
    const spread = z * 0.45;
    for (const side of [-1, 1]) {
      const condyle = bone(ellipse(x, y, side * spread, 0.02, 0.32 - spread * 0.3, 0.3), 0.86);
      if (condyle !== null) return condyle;
    }
  } else if (z < 0.56) {
    for (const side of [-1, 1]) {
      if (ellipse(x, y, side * 0.26, 0.05, 0.2, 0.22) < 1)
        return ellipse(x, y, side * 0.26, 0.05, 0.12, 0.14) < 1 ? 480 : 45; // cartilage, meniscus
    }
  } else {
    const tibia = bone(ellipse(x, y, -0.03, 0.05, 0.46 - (z - 0.56) * 0.35, 0.34), 0.88);
    if (tibia !== null) return tibia;
    const fibula = z > 0.7 ? bone(ellipse(x, y, 0.45, 0.32, 0.1, 0.09), 0.6) : null;
    if (fibula !== null) return fibula;
  }
  // Muscle bellies separated by thin fat planes running out from the bones.
  const angle = Math.atan2(y - 0.05, x);
  return Math.abs(Math.sin(angle * 3.5 + 0.6)) < 0.05 && ellipse(x, y, 0, 0.05, 0.5, 0.45) > 1 ? 700 : 330;
}

function crChest(x: number, y: number): number {
  if (ellipse(x, y, 0, 0.1, 0.9, 1.05) > 1) return 250;
  let value = 1750;
  const spine = Math.abs(x) < 0.09;
  for (const side of [-1, 1]) {
    const lung = ellipse(x, y, side * 0.4, 0.02, 0.3, 0.66);
    if (lung < 1 && !spine) value = 650 + 500 * lung; // denser towards the edges
    // Clavicles run across the apices.
    if (Math.abs(y + 0.62 - 0.12 * (x * side - 0.3) ** 2) < 0.03 && x * side > 0.05 && x * side < 0.7)
      value = 2600;
  }
  if (ellipse(x, y, 0.12, 0.32, 0.3, 0.26) < 1) value = Math.max(value, 2050); // heart, to the left
  if (y > 0.62 && ellipse(x, y, 0, 0.95, 0.75, 0.35) < 1) value = 2000; // under the diaphragm
  if (spine) value = 2650;
  for (let rib = 0; rib < 9; rib += 1) {
    // Posterior ribs arch up from the spine and fall away laterally.
    const ax = Math.abs(x);
    const curve = -0.6 + rib * 0.13 - 0.35 * ax + 0.75 * ax * ax;
    if (Math.abs(y - curve) < 0.02 + 0.01 * ax && ax > 0.09 && ax < 0.74) value += 650;
  }
  return value;
}

export const phantomKinds: Record<PhantomKind['modality'], PhantomKind> = {
  CT: {
    modality: 'CT',
    sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
    size: 256,
    sliceCount: 24,
    windowCenter: 40,
    windowWidth: 80,
    rescaleIntercept: -1024,
    pixelSpacingMm: 0.9,
    sliceThicknessMm: 5,
    noise: 5,
    sample: ctHead,
  },
  MR: {
    modality: 'MR',
    sopClassUid: '1.2.840.10008.5.1.4.1.1.4',
    size: 256,
    sliceCount: 16,
    windowCenter: 420,
    windowWidth: 900,
    rescaleIntercept: 0,
    pixelSpacingMm: 0.6,
    sliceThicknessMm: 4,
    noise: 18,
    sample: mrKnee,
  },
  CR: {
    modality: 'CR',
    sopClassUid: '1.2.840.10008.5.1.4.1.1.1',
    size: 256,
    sliceCount: 1,
    windowCenter: 1700,
    windowWidth: 3000,
    rescaleIntercept: 0,
    pixelSpacingMm: 1.6,
    sliceThicknessMm: 1,
    noise: 25,
    sample: (x, y) => crChest(x, y),
  },
};

/** The phantom of a modality; anything unknown is shown as a plain radiograph. */
export function phantomFor(modality: string): PhantomKind {
  return modality === 'CT' || modality === 'MR' ? phantomKinds[modality] : phantomKinds.CR;
}
