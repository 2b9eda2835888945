import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { recordOnlySender, sendSms } from '../services/sms/outbox';

interface Listed {
  messages: { to: string; body: string; purpose: string; status: string; createdAt: string }[];
}

describe.each(databaseTargets)('/dev/sms on $name', ({ location }) => {
  let ctx: TestContext;
  let production: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    production = await createTestContext(location, { demoMode: false });
    const send = (to: string, body: string, minutesAgo: number) =>
      sendSms(ctx.db, recordOnlySender, {
        userId: null,
        to,
        body,
        purpose: 'login',
        now: new Date(Date.now() - minutesAgo * 60_000),
      });
    await send('+39 333 1000001', 'too old <b>', 61);
    await send('+39 333 1000001', '123456 per Mario <script>', 10);
    await send('+39 347 2000004', 'per la dottoressa', 5);
  });
  afterAll(async () => {
    await ctx.close();
    await production.close();
  });

  it('shows the last hour, newest first, escaped, auto-refreshing, under a nonce-only CSP', async () => {
    const response = await ctx.app.request('/dev/sms');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.indexOf('per la dottoressa')).toBeLessThan(html.indexOf('123456 per Mario'));
    expect(html).toContain('123456 per Mario &lt;script&gt;');
    expect(html).not.toContain('too old');
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none'; style-src 'nonce-[^']+';/);
    expect(html).toContain(`<style nonce="${csp.match(/'nonce-([^']+)'/)?.[1]}">`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers JSON for tests, by phone or by username', async () => {
    const all = (await (await ctx.app.request('/dev/sms.json')).json()) as Listed;
    expect(all.messages.map((message) => message.body)).toEqual([
      'per la dottoressa',
      '123456 per Mario <script>',
    ]);
    const byPhone = (await (
      await ctx.app.request('/dev/sms.json?to=%2B39%20347%202000004')
    ).json()) as Listed;
    expect(byPhone.messages).toEqual([
      expect.objectContaining({ body: 'per la dottoressa', status: 'SENT' }),
    ]);
    const byUser = (await (await ctx.app.request('/dev/sms.json?username=mario.rossi')).json()) as Listed;
    expect(byUser.messages.map((message) => message.to)).toEqual(['+39 333 1000001']);
    const unknown = (await (await ctx.app.request('/dev/sms.json?username=nessuno')).json()) as Listed;
    expect(unknown.messages).toEqual([]);
  });

  it('does not exist in production mode', async () => {
    expect((await production.app.request('/dev/sms')).status).toBe(404);
    expect((await production.app.request('/dev/sms.json')).status).toBe(404);
  });
});
