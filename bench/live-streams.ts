/**
 * bench:live's phones: one real HTTP connection per stream (`GET /api/live` with the account's token and a
 * DPoP proof of its own), read as Server-Sent Events, each `change` timestamped on arrival. node:http
 * rather than fetch: one socket per stream with no pool limit, and `localAddress` spreads the connections
 * over 127.0.0.1–127.0.0.8 so that 10,000 of them do not crowd one address's ephemeral ports.
 */
import { Agent, request } from 'node:http';
import { dpopProof } from '../server/test/idp';
import type { LiveUser } from './live-setup';

export interface LiveStream {
  userId: number;
  /** performance.now() of each `change` event received. */
  changes: number[];
  /** True once the server ended the stream or the socket failed. */
  ended: boolean;
  close(): void;
}

const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const LOCAL_ADDRESSES = 8;
let opened = 0;
/** Every stream not closed yet, also those of a run that failed half-way (closeAllStreams). */
const open = new Set<LiveStream>();

/**
 * Opens one stream; resolves once its `ready` event arrived. `base` is the process's own address, `publicUrl`
 * the one the proofs name (several processes behind one address).
 */
export async function openStream(base: string, publicUrl: string, account: LiveUser): Promise<LiveStream> {
  const { accessToken } = account.tokens;
  const proof = await dpopProof(account.key, { htm: 'GET', htu: `${publicUrl}/api/live`, accessToken });
  const stream: LiveStream = { userId: account.id, changes: [], ended: false, close: () => undefined };
  const localAddress = `127.0.0.${1 + (opened++ % LOCAL_ADDRESSES)}`;
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/live`, {
      agent,
      localAddress,
      headers: { Authorization: `DPoP ${accessToken}`, DPoP: proof, Accept: 'text/event-stream' },
    });
    stream.close = () => {
      open.delete(stream);
      req.destroy();
    };
    open.add(stream);
    req.once('error', (error) => {
      stream.ended = true;
      reject(error);
    });
    req.once('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /api/live answered ${res.statusCode}`));
        return;
      }
      let buffered = '';
      let ready = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        // The time first: parsing below must not count against the server.
        const at = performance.now();
        buffered += chunk;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const event = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (event.includes('event: change')) stream.changes.push(at);
          else if (!ready && event.includes('event: ready')) {
            ready = true;
            resolve(stream);
          }
          end = buffered.indexOf('\n\n');
        }
      });
      const ended = (): void => {
        stream.ended = true;
        if (!ready) reject(new Error('stream ended before ready'));
      };
      res.once('end', ended);
      res.once('error', ended);
    });
    req.end();
  });
}

/** `perUser` streams of every account, spread round-robin over `bases`, `parallel` opening at a time. */
export async function openStreams(
  bases: readonly string[],
  publicUrl: string,
  accounts: readonly LiveUser[],
  perUser: number,
  parallel: number,
): Promise<LiveStream[]> {
  const plan = accounts.flatMap((account) => Array.from({ length: perUser }, () => account));
  const streams: LiveStream[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < plan.length) {
      const index = next++;
      const base = bases[index % bases.length] ?? '';
      streams.push(await openStream(base, publicUrl, plan[index] as LiveUser));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return streams;
}

/** Ends every stream this process opened (a phase's end, or a failed run's). */
export function closeAllStreams(): void {
  for (const stream of [...open]) stream.close();
}
