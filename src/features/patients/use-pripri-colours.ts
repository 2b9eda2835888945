/**
 * The PRIpri colours of the patients a list shows, asked for the shown rows only (100 per call), so the
 * list's own query stays as cheap as before. A failure leaves the rows without dots.
 */
import { useEffect, useState } from 'react';
import { getJson } from '../../api/request';
import { type PripriColour, PripriColours } from '../../contract/pripri';

const BATCH = 100;

export function usePripriColours(patientIds: readonly number[]): ReadonlyMap<number, PripriColour> {
  const [colours, setColours] = useState<ReadonlyMap<number, PripriColour>>(new Map());
  const key = patientIds.join(',');
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    if (ids.length === 0) return;
    let live = true;
    const batches = Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, n) =>
      ids.slice(n * BATCH, (n + 1) * BATCH),
    );
    Promise.all(
      batches.map((batch) =>
        getJson(`pripri/colours?patientIds=${batch.join(',')}`, PripriColours, { context: { quiet: true } }),
      ),
    ).then(
      (replies) => {
        if (!live) return;
        const found = new Map<number, PripriColour>();
        for (const reply of replies)
          for (const [id, colour] of Object.entries(reply.colours)) found.set(Number(id), colour);
        setColours(found);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key]);
  return colours;
}
