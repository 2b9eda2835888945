import { createHash } from 'node:crypto';

/**
 * A DICOM UID derived from a name: `2.25.` followed by 128 bits of its hash as a decimal (PS3.5 B.2),
 * so every regeneration of a study yields the same UIDs without a registered root.
 */
export function uidFor(name: string): string {
  const digest = createHash('sha256').update(name).digest();
  return `2.25.${BigInt(`0x${digest.subarray(0, 16).toString('hex')}`).toString()}`;
}

/** A small deterministic PRNG (mulberry32) seeded from a name, for the phantoms' noise. */
export function seededRandom(name: string): () => number {
  let state = createHash('sha256').update(name).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Approximately normal noise (sum of uniforms), cheap and good enough for image texture. */
export function gaussian(random: () => number): number {
  return random() + random() + random() + random() - 2;
}
