/**
 * A full garbage collection in a bench server through its inspector (`--inspect` on a loopback port,
 * HeapProfiler.collectGarbage). Without it the RSS "before" is a heap full of start-up garbage that V8 gives
 * back at a moment of its choosing: readings of one run fell by 140 MB while the streams opened.
 */
export async function collectGarbage(inspectPort: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl?: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${inspectPort}`);
  const socket = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.onerror = () => reject(new Error(`inspector on port ${inspectPort} refused`));
      socket.onopen = () => {
        socket.onmessage = (event) => {
          const reply = JSON.parse(String(event.data)) as { id?: number };
          if (reply.id === 1) resolve();
        };
        socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
      };
    });
  } finally {
    socket.close();
  }
}
