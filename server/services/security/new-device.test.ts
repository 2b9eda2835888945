import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../../tests/support/databases';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema';
import { describeAgent } from './devices-agent';
import { noteBrowser, SEEN_BROWSER_WINDOW_MS } from './new-device';

const CHROME_ANDROID = describeAgent(
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
);
const SAFARI_IOS = describeAgent(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
);

describe('describing a browser', () => {
  it('names browser and system, and survives an empty or odd header', () => {
    expect(CHROME_ANDROID).toEqual({
      browser: 'Chrome 131',
      system: 'Android 14',
      browserName: 'Chrome',
      systemName: 'Android',
    });
    expect(SAFARI_IOS).toMatchObject({ browser: 'Safari 17', system: 'iOS 17.5' });
    expect(describeAgent(undefined)).toEqual({ browser: '', system: '', browserName: '', systemName: '' });
    expect(describeAgent('x'.repeat(10_000)).browser.length).toBeLessThan(600);
  });
});

describe.each(databaseTargets)('new-browser detection on $name', ({ location }) => {
  let handle: DatabaseHandle;
  let userId = 0;
  beforeAll(async () => {
    handle = await openTestDatabase(location);
    const [row] = await handle.db
      .insert(users)
      .values({
        subject: 's-1',
        username: 'u1',
        passwordHash: 'x',
        userType: 'PAT',
        displayName: 'U',
        email: 'u@example.org',
      })
      .returning({ id: users.id });
    userId = row?.id ?? 0;
  });
  afterAll(async () => handle?.close());

  it('takes the first browser as the baseline, then tells a new one once, even in 30 parallel logins', async () => {
    const now = new Date('2026-11-01T10:00:00Z');
    expect(await noteBrowser(handle.db, { userId, agent: CHROME_ANDROID, now })).toBe('first');
    expect(await noteBrowser(handle.db, { userId, agent: CHROME_ANDROID, now })).toBe('known');
    const parallel = await Promise.all(
      Array.from({ length: 30 }, () => noteBrowser(handle.db, { userId, agent: SAFARI_IOS, now })),
    );
    expect(parallel.filter((novelty) => novelty === 'new')).toHaveLength(1);
    expect(parallel.filter((novelty) => novelty === 'known')).toHaveLength(29);
    // An update of the browser is not a new device.
    const updated = { ...SAFARI_IOS, browser: 'Safari 18', system: 'iOS 18.1' };
    expect(await noteBrowser(handle.db, { userId, agent: updated, now })).toBe('known');
  });

  it('tells again of a browser not seen for 90 days, once', async () => {
    const later = new Date(Date.parse('2026-11-01T10:00:00Z') + SEEN_BROWSER_WINDOW_MS + 60_000);
    const parallel = await Promise.all(
      Array.from({ length: 30 }, () => noteBrowser(handle.db, { userId, agent: CHROME_ANDROID, now: later })),
    );
    expect(parallel.filter((novelty) => novelty === 'new')).toHaveLength(1);
  });
});
