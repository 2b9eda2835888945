/**
 * API latency benchmark: in-process requests through the real app on PGlite (and PostgreSQL when
 * DATABASE_URL is set), with real signed tokens. Prints p50/p95/p99 per call. Run: npm run bench.
 */
import { createTestContext, databaseTargets } from '../tests/support/test-app';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(label: string, run: () => Response | Promise<Response>): Promise<void> {
  for (let warm = 0; warm < 20; warm++) await run();
  const durations: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const started = performance.now();
    const response = await run();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: status ${response.status}`);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const format = (value: number): string => value.toFixed(2).padStart(8);
  console.log(
    `${label.padEnd(44)} p50 ${format(percentile(durations, 50))} ms  p95 ${format(percentile(durations, 95))} ms  p99 ${format(percentile(durations, 99))} ms`,
  );
}

for (const target of databaseTargets) {
  console.log(`\n# ${target.name}, ${ITERATIONS} requests each`);
  const ctx = await createTestContext(target.location);
  const physician = { Authorization: `Bearer ${await ctx.tokenFor('dott.ferrari')}` };
  const patient = { Authorization: `Bearer ${await ctx.tokenFor('mario.rossi')}` };
  const me = (await (await ctx.app.request('/api/me', { headers: patient })).json()) as { patientId: number };
  await measure('GET /api/me (patient)', () => ctx.app.request('/api/me', { headers: patient }));
  await measure('GET /api/patients/{id} (patient)', () =>
    ctx.app.request(`/api/patients/${me.patientId}`, { headers: patient }),
  );
  await measure('GET /api/patients?max=1 (probe)', () =>
    ctx.app.request('/api/patients?max=1', { headers: physician }),
  );
  await measure('GET /api/patients?max=20&surname=ro', () =>
    ctx.app.request('/api/patients?max=20&surname=ro', { headers: physician }),
  );
  await ctx.close();
}
