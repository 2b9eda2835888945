/**
 * One phase of bench:live: the streams opened on some of the running processes, then memory, CPU at rest,
 * one change to all, and the document list's latency with and without them.
 */
import type { Database } from '../server/db/client';
import { dpopProof } from '../server/test/idp';
import { collectGarbage } from './live-gc';
import { cpuAtRest, fanOut, fanOutLine, median, rssReadings, spread } from './live-measure';
import type { LiveUser } from './live-setup';
import { closeAllStreams, type LiveStream, openStreams } from './live-streams';
import { type LoadResult, load } from './load';

export interface PhaseOptions {
  name: string;
  /** The processes that take streams (round-robin); the document list is read on the first. */
  servers: readonly { base: string; pid: number; inspectPort: number }[];
  publicUrl: string;
  accounts: readonly LiveUser[];
  perUser: number;
  /** Mario, whose 10,000-document list is the latency probe. */
  reader: LiveUser;
  patientId: number;
  db: Database;
  /** Fresh tokens for every account (they live 5 minutes), before the streams open again. */
  refresh: () => Promise<void>;
  settings: {
    openParallel: number;
    restSeconds: number;
    rounds: number;
    loadConnections: number;
    loadSeconds: number;
    loadPairs: number;
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function documentLoad(options: PhaseOptions, label: string): Promise<LoadResult> {
  const { reader, publicUrl, servers, patientId, settings } = options;
  const { accessToken } = reader.tokens;
  const url = `${servers[0]?.base}/api/documents?patientId=${patientId}&max=20`;
  const headers = async (): Promise<HeadersInit> => ({
    Authorization: `DPoP ${accessToken}`,
    DPoP: await dpopProof(reader.key, { htm: 'GET', htu: `${publicUrl}/api/documents`, accessToken }),
    'Accept-Language': 'it-IT',
  });
  return load(label, url, headers, settings.loadConnections, settings.loadSeconds);
}

export async function runPhase(options: PhaseOptions): Promise<void> {
  const { servers, accounts, perUser, settings } = options;
  const count = accounts.length * perUser;
  console.log(
    `\n## ${options.name}: ${count} streams (${accounts.length} accounts × ${perUser}) on ${servers.length} process(es)`,
  );
  const pids = servers.map((server) => server.pid);
  const label = `GET /api/documents?max=20 c=${settings.loadConnections}`;
  // RSS first, on a process that has served nothing yet: a load before it would leave a grown heap that
  // the streams then fill unseen. The document list without streams is measured after they close.
  const rss = (): Promise<number[][]> =>
    Promise.all(
      servers.map((server) => rssReadings(server.pid, 3, () => collectGarbage(server.inspectPort))),
    );
  const rssBefore = await rss();
  const open = (some: readonly LiveUser[] = accounts): Promise<LiveStream[]> =>
    openStreams(
      servers.map((server) => server.base),
      options.publicUrl,
      some,
      perUser,
      settings.openParallel,
    );
  // Half first, then the rest: the second half's RSS is the marginal cost of a stream, without the
  // one-time costs (the stream path's compiled code, the maps' first growth) the first streams carry.
  const half = Math.floor(accounts.length / 2);
  const opening = performance.now();
  const streams = await open(accounts.slice(0, half));
  const openMs = performance.now() - opening;
  const rssHalf = await rss();
  const resumed = performance.now();
  streams.push(...(await open(accounts.slice(half))));
  const openSeconds = (openMs + performance.now() - resumed) / 1000;
  console.log(
    `  opened ${streams.length} streams in ${openSeconds.toFixed(1)} s (${(streams.length / openSeconds).toFixed(0)}/s)`,
  );
  await sleep(2000);
  const rssWith = await rss();
  servers.forEach((server, index) => {
    const [before, middle, after] = [rssBefore, rssHalf, rssWith].map((readings) =>
      median(readings[index] ?? []),
    );
    const held = streams.length / servers.length;
    const kb = (from = 0, to = 0, streamCount = 1): string =>
      `${(((to - from) * 1024) / streamCount).toFixed(1)} kB`;
    console.log(
      `  process ${index + 1} (pid ${server.pid}), RSS after a full GC: ${spread(rssBefore[index] ?? [])} MB → ${spread(rssHalf[index] ?? [])} MB at half → ${spread(rssWith[index] ?? [])} MB with ~${held.toFixed(0)} streams: ${kb(before, after, held)} per stream, ${kb(middle, after, held / 2)} for each of the second half`,
    );
  });
  const rest = await cpuAtRest(pids, settings.restSeconds);
  rest.forEach((seconds, index) => {
    const total = seconds.reduce((sum, value) => sum + value, 0);
    console.log(
      `  process ${index + 1} CPU at rest over ${settings.restSeconds} s: ${(total / settings.restSeconds).toFixed(1)} ms/s (per second ${spread(seconds, 0)})`,
    );
  });
  const rounds = [];
  for (let round = 0; round < settings.rounds; round++) {
    const result = await fanOut(options.db, streams, 10_000);
    rounds.push(result);
    console.log(`  change to all, round ${round + 1}: ${fanOutLine(result)}`);
    await sleep(1000);
  }
  const all = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  const missed = rounds.reduce((sum, round) => sum + round.missed, 0);
  const within = rounds.map((round) => 100 * round.within2s);
  console.log(
    `  change to all, ${rounds.length} rounds pooled: ${fanOutLine({ latencies: all, missed, within2s: median(within) / 100, publishMs: median(rounds.map((r) => r.publishMs)) })}; within 2 s per round ${spread(within, 2)} %`,
  );
  const ended = streams.filter((stream) => stream.ended).length;
  if (ended > 0) console.log(`  (${ended} streams ended before the fan-out's end: token expiry or a cut)`);
  await documentLoad(options, `${label} (warm-up, not counted)`);
  const changes: number[] = [];
  // Pairs with and without, alternated: on a shared machine one pair's difference is mostly noise.
  for (let pair = 0; pair < settings.loadPairs; pair++) {
    if (pair > 0) {
      await options.refresh();
      await open();
    }
    const withStreams = await documentLoad(options, `${label}, ${count} streams open`);
    closeAllStreams();
    // The closed streams' garbage is collected in this pause, not during the baseline.
    await sleep(3000);
    const baseline = await documentLoad(options, `${label}, streams closed`);
    changes.push((100 * (withStreams.p99 - baseline.p99)) / baseline.p99);
  }
  console.log(
    `  document list p99 with the streams against without: ${changes.map((change) => `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`).join(', ')} (median ${median(changes).toFixed(1)} %)`,
  );
}
