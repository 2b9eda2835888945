import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../tests/support/test-app';

describe.each(databaseTargets)('the HTTP shell on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  it('answers the health probes', async () => {
    expect(await (await ctx.app.request('/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await ctx.app.request('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves the run-time configuration', async () => {
    const config = (await (await ctx.app.request('/config.json')).json()) as { oidc: { authority: string } };
    expect(config.oidc.authority).toBe('http://localhost/idp');
  });

  it('marks every API reply no-store, errors included', async () => {
    const ok = await ctx.call('/api/utilities', 'admin');
    const unauthorized = await ctx.call('/api/utilities', null);
    expect(ok.headers.get('Cache-Control')).toBe('no-store');
    expect(unauthorized.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers 404 in the contract shape for an unknown API route', async () => {
    const response = await ctx.call('/api/nothing/here', 'admin');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('answers a portal page with a CSP that forbids inline scripts and framing', async () => {
    const response = await ctx.app.request('/healthz');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('turns an unexpected error into a 500 whose id is in the log, without a stack trace', async () => {
    // A second context whose database is closed: every query then fails for real.
    const broken = await createTestContext(location);
    const token = await broken.tokenFor('admin');
    await broken.close();
    const response = await broken.app.request('/api/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { errorId: string; code: string };
    expect(body.code).toBe('INTERNAL');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    const logged = broken.logLines.find((line) => line.errorId === body.errorId);
    expect(logged).toMatchObject({ level: 'error', message: 'unexpected error' });
    expect((await broken.app.request('/readyz')).status).toBe(503);
  });
});
