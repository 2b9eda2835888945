/**
 * Give the main thread back between the parts of a long job, so no part becomes a long task (> 50 ms)
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

/**
 * Run `steps` one task each, in order, yielding between them: a job made of a few heavy calls (the
 * chart's creation) that would be one long task if run together. Stops (false) as soon as `cancelled()`
 * says so, e.g. once the screen is gone.
 */
export async function inTasks(steps: readonly (() => void)[], cancelled: () => boolean): Promise<boolean> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await yieldToMain();
    if (cancelled()) return false;
    step();
  }
  return true;
}
