import type { PripriColour, PripriMeasure, PripriThreshold } from '../../../src/contract';

/**
 * The colour rule of spec 4, with the boundaries decided (docs/decisions.md, "PRIpri"): a measure AT the
 * green threshold is green, AT the red threshold yellow; only strictly below red is red. Indices are
 * outcome scales, higher is better. Measures of indices without a threshold do not count.
 */
export function measureColour(value: number, threshold: PripriThreshold): Exclude<PripriColour, 'blue'> {
  if (value >= threshold.green) return 'green';
  if (value < threshold.red) return 'red';
  return 'yellow';
}

const rank = { green: 0, yellow: 1, red: 2 } as const;
type Shade = keyof typeof rank;
const worst = (shades: readonly Shade[]): Shade =>
  shades.reduce<Shade>((acc, shade) => (rank[shade] > rank[acc] ? shade : acc), 'green');

/** A session's colour: its worst measure. */
export function sessionColour(
  measures: readonly PripriMeasure[],
  thresholds: readonly PripriThreshold[],
): Shade {
  return worst(
    measures.flatMap((measure) => {
      const threshold = thresholds.find((each) => each.index === measure.index);
      return threshold ? [measureColour(measure.value, threshold)] : [];
    }),
  );
}

/**
 * The patient's colour: blue with no active PRIpri (no active plan, or one without thresholds) or no
 * sessions; otherwise red if any session is red, yellow if any is yellow, else green.
 */
export function pripriColour(
  thresholds: readonly PripriThreshold[] | null,
  sessions: readonly (readonly PripriMeasure[])[],
): PripriColour {
  if (!thresholds || thresholds.length === 0 || sessions.length === 0) return 'blue';
  return worst(sessions.map((measures) => sessionColour(measures, thresholds)));
}
