/** Reads a `GET /api/live` stream in tests: the events as they come, by name. */
export interface LiveEventRecord {
  event: string;
  data: string;
}

export interface LiveReader {
  /** The next event named `name` (earlier ones of other names are skipped); rejects after `timeoutMs`. */
  next(name: string, timeoutMs?: number): Promise<LiveEventRecord>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function readLive(response: Response): LiveReader {
  if (!response.body) throw new Error('no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const queue: LiveEventRecord[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let done = false;
  const wake = (): void => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
          if (event) queue.push({ event, data });
          cut = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // cancelled by close()
    } finally {
      done = true;
      wake();
    }
  })();
  return {
    ended,
    close: () => {
      reader.cancel().catch(() => undefined);
    },
    async next(name, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex((record) => record.event === name);
        if (index >= 0) {
          const [record] = queue.splice(0, index + 1).slice(-1);
          if (record) return record;
        }
        if (done) throw new Error(`stream ended before "${name}"`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
  };
}
