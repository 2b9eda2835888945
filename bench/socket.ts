/** `GET /documents` over a real socket against the portal running as its own process. */
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { load, probeHealthDuring } from './load';
import { signIn } from './login';
import { startBenchServer } from './server';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);

export async function socketBench(name: string, databaseUrl: string | null): Promise<void> {
  const server = await startBenchServer(databaseUrl, DOCS);
  try {
    console.log(
      `\n# ${name}, socket, server in its own process, ${SECONDS} s per run (${DOCS} documents, seeded in ${server.seedSeconds.toFixed(1)} s)`,
    );
    const token = await signIn(server.base, 'mario.rossi', DEMO_PASSWORD);
    const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'it-IT' };
    const url = `${server.base}/api/documents?patientId=${server.patientId}&max=20`;
    const probe = await fetch(url, { headers });
    const body = (await probe.json()) as { paging?: { totalCount?: number } };
    if (!probe.ok) throw new Error(`GET /documents answers ${probe.status}`);
    console.log(
      `  ${body.paging?.totalCount ?? 0} documents in the list (bearer token from the IdP login flow)`,
    );
    for (const connections of CONNECTIONS) {
      const label = `GET /api/documents (${DOCS} docs) c=${connections}`;
      await probeHealthDuring(server.base, load(label, url, headers, connections, SECONDS));
    }
  } finally {
    await server.stop();
  }
}
