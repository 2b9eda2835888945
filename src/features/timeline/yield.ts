/**
 * Give the main thread back between slices of a long job, so no slice becomes a long task (> 50 ms)
 * and taps, frames and the loading spinner go on meanwhile. `scheduler.yield()` resumes ahead of other
 * queued tasks where the browser has it (Chromium); elsewhere a zero-delay timeout does the same job.
 */
interface YieldingScheduler {
  yield: () => Promise<void>;
}

function nativeScheduler(): YieldingScheduler | null {
  const candidate: unknown = Reflect.get(globalThis, 'scheduler');
  if (!candidate || typeof candidate !== 'object') return null;
  return typeof Reflect.get(candidate, 'yield') === 'function' ? (candidate as YieldingScheduler) : null;
}

export function yieldToMain(): Promise<void> {
  const scheduler = nativeScheduler();
  if (scheduler) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Slice length: well under the 50 ms of a long task, even on a slow phone. */
export const SLICE_MS = 12;

/**
 * Run `step` over `items` in slices of at most about `SLICE_MS`, yielding between them. Stops (false)
 * as soon as `cancelled()` says so, e.g. once the screen is gone.
 */
export async function inSlices<T>(
  items: readonly T[],
  step: (batch: readonly T[]) => void,
  cancelled: () => boolean,
  batchSize = 100,
): Promise<boolean> {
  let index = 0;
  while (index < items.length) {
    const started = performance.now();
    while (index < items.length && performance.now() - started < SLICE_MS) {
      step(items.slice(index, index + batchSize));
      index += batchSize;
    }
    if (index < items.length) {
      await yieldToMain();
      if (cancelled()) return false;
    }
  }
  return true;
}
