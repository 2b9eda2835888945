import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { createMemoryLogger } from '../logger';
import { type Observability, startObservability } from '.';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A stand-in OTLP collector: keeps the spans of every JSON export POSTed to `/v1/traces`. */
async function startCollector(): Promise<{ url: string; spans: OtlpSpan[]; close(): Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan | undefined, key: string): string | undefined => {
  const value = span?.attributes.find((entry) => entry.key === key)?.value;
  return value === undefined ? undefined : String(value.stringValue ?? value.intValue);
};

describe.each(databaseTargets)('traces on $name', ({ location }) => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let observability: Observability;
  let ctx: TestContext;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    collector = await startCollector();
    // As in main.ts: before the database opens, so its driver's statements are traced.
    observability = await startObservability(
      { metricsPort: null, otlpEndpoint: collector.url },
      createMemoryLogger(),
    );
    ctx = await createTestContext(location);
    server = createServer(observability.wrap(getRequestListener(ctx.app.fetch)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.close();
    await observability?.stop();
    await collector?.close();
  });

  it('sends a server span per request with its SQL statements as child spans', async () => {
    const token = await ctx.tokenFor('mario.rossi');
    const me = (await (
      await fetch(`${base}/api/me`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      patientId: number;
    };
    const response = await fetch(`${base}/api/patients/${me.patientId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    await observability.flush();

    const request = collector.spans.find((span) => span.name === 'GET /api/patients/:id');
    expect(request).toBeDefined();
    expect(request?.kind).toBe(2); // SERVER
    expect(attribute(request, 'http.route')).toBe('/api/patients/:id');
    expect(attribute(request, 'http.response.status_code')).toBe('200');
    expect(attribute(request, 'url.path')).toBe(`/api/patients/${me.patientId}`);
    const statements = collector.spans.filter(
      (span) => span.traceId === request?.traceId && span.parentSpanId === request?.spanId,
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(3); // CLIENT
      expect(attribute(statement, 'db.system.name')).toBe('postgresql');
    }
    expect(statements.some((span) => /select/i.test(attribute(span, 'db.query.text') ?? ''))).toBe(true);
    // Parameters travel apart from the statement: the patient's id is in no statement's text.
    expect(statements.some((span) => attribute(span, 'db.query.text')?.includes('$1'))).toBe(true);
  });

  it('traces the readiness probe and its ping', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    await observability.flush();
    const probe = collector.spans.find((span) => span.name === 'GET /readyz');
    const ping = collector.spans.find((span) => span.parentSpanId === probe?.spanId);
    expect(attribute(ping, 'db.query.text')).toBe('select 1');
    expect(ping?.name).toBe('SELECT');
  });
});
