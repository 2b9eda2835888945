import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notifications } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';

describe.each(databaseTargets)('GET /notifications on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('answers the four counters to every role, and nothing without a token', async () => {
    for (const user of ['mario.rossi', 'dott.ferrari', 'operatore', 'admin', 'ospite']) {
      const response = await ctx.call('/api/notifications', user);
      expect(response.status).toBe(200);
      // The demo starts with no uploads; its one survey card is Mario's, still to fill.
      expect(v.parse(Notifications, await response.json())).toEqual({
        conferences: 0,
        messages: 0,
        uploadedDocuments: 0,
        surveys: user === 'mario.rossi' ? 1 : 0,
      });
    }
    expect((await ctx.call('/api/notifications', null)).status).toBe(401);
  });
});
