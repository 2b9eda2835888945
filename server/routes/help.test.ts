import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpPage, HelpPages } from '../../src/contract';
import { createTestContext, type TestContext } from '../../tests/support/test-app';
import { helpPages } from '../services/reference/help.data';

describe('help texts without a login (the Help and FAQ pages)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('memory://');
  });
  afterAll(() => ctx.close());

  it('lists every help text in the asked language, with no token', async () => {
    const italian = v.parse(HelpPages, await (await ctx.call('/api/help', null)).json());
    expect(italian.pages).toHaveLength(Object.keys(helpPages).length);
    expect(italian.pages[0]).toMatchObject({
      controller: 'home',
      action: 'index',
      title: 'La pagina iniziale',
    });
    const english = v.parse(HelpPages, await (await ctx.call('/api/help', null, { language: 'en' })).json());
    expect(english.pages[0]?.title).toBe('The home page');
  });

  it("serves one screen's text with no token too, and still checks the name", async () => {
    const page = v.parse(HelpPage, await (await ctx.call('/api/help/about/index', null)).json());
    expect(page.paragraphs.length).toBeGreaterThan(0);
    expect((await ctx.call('/api/help/about/nothing', null)).status).toBe(404);
    expect((await ctx.call('/api/help/home/%3Cscript%3E', null)).status).toBe(400);
    // Everything else still needs a login.
    expect((await ctx.call('/api/me', null)).status).toBe(401);
  });
});
