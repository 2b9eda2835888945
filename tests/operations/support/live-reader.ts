/** Reads `GET /api/live` (Server-Sent Events) as the portal does, keeping every event with its arrival time. */
export interface LiveEvent {
  event: string;
  data: string;
  at: number;
}

export function readLive(response: Response): { events: LiveEvent[]; close(): void } {
  const events: LiveEvent[] = [];
  const controller = new AbortController();
  const reader = response.body?.getReader();
  if (!reader) throw new Error('the live stream has no body');
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || controller.signal.aborted) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string): string =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2) ?? '';
          if (field('event')) events.push({ event: field('event'), data: field('data'), at: Date.now() });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    events,
    close: () => {
      controller.abort();
      reader.cancel().catch(() => undefined);
    },
  };
}
