import { signIn } from '../../../bench/login';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-accounts';
import { type DpopKey, dpopKey, dpopProof } from '../../../server/test/idp';

/** The process that answered, as the test's nginx names it (the last one tried). */
export const upstreamOf = (response: Response): string =>
  (response.headers.get('x-upstream') ?? '').split(',').pop()?.trim() ?? '';

export interface LiveEvent {
  event: string;
  data: string;
}

export interface LiveStream {
  upstream: string;
  /** The next event named `name`; rejects when the stream ends first or after `timeoutMs`. */
  next(name: string, timeoutMs?: number): Promise<LiveEvent>;
  /** How the stream ended: `clean` when the server closed it properly (the portal then reconnects at once). */
  ended: Promise<'clean' | 'broken'>;
  close(): void;
}

function readStream(response: Response): LiveStream {
  if (!response.body) throw new Error('no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: LiveEvent[] = [];
  let wake: () => void = () => undefined;
  let over = false;
  const ended = (async (): Promise<'clean' | 'broken'> => {
    let buffer = '';
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return 'clean';
        buffer += chunk.value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          if (event)
            events.push({ event, data: lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '' });
        }
        wake();
      }
    } catch {
      return 'broken';
    } finally {
      over = true;
      wake();
    }
  })();
  return {
    upstream: upstreamOf(response),
    ended,
    close: () => void reader.cancel().catch(() => undefined),
    async next(name, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((record) => record.event === name);
        const found = index >= 0 ? events.splice(0, index + 1).pop() : undefined;
        if (found) return found;
        if (over) throw new Error(`the stream ended before "${name}"`);
        if (Date.now() > deadline) throw new Error(`no "${name}" within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

export interface PortalSession {
  username: string;
  /** A call of the API (`path` below `/api`) as the portal makes it: the token and its DPoP proof. */
  call(path: string, init?: RequestInit): Promise<Response>;
  openLive(): Promise<LiveStream>;
}

/** Logs a demo account in through `origin`'s identity provider (the portal's code flow), as the portal does. */
export async function logIn(origin: string, username: string): Promise<PortalSession> {
  const key: DpopKey = await dpopKey();
  const token = await signIn(origin, username, DEMO_PASSWORD, key);
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const url = `${origin}/api/${path}`;
    const htu = url.split('?')[0] ?? url;
    const headers = new Headers(init.headers);
    headers.set('Authorization', `DPoP ${token}`);
    headers.set('DPoP', await dpopProof(key, { htm: init.method ?? 'GET', htu, accessToken: token }));
    if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
    return fetch(url, { ...init, headers });
  };
  return {
    username,
    call,
    openLive: async () => {
      const response = await call('live', { headers: { Accept: 'text/event-stream' } });
      if (response.status !== 200)
        throw new Error(`GET /api/live: ${response.status} ${await response.text()}`);
      return readStream(response);
    },
  };
}

/** The newest signature code the demo outbox holds for `username` (`/dev/sms.json`, demo mode). */
export async function signatureCode(origin: string, username: string): Promise<string> {
  const response = await fetch(`${origin}/dev/sms.json?username=${encodeURIComponent(username)}`);
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  const code = messages.map((message) => message.body.match(/codice di firma è (\d{6})/)?.[1]).find(Boolean);
  if (!code) throw new Error(`no signature code for ${username}`);
  return code;
}
