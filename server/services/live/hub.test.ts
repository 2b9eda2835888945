import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../logger';
import { LiveHub, type LiveSubscriber } from './hub';

const subscriber = (userId: number, closed: number[]): LiveSubscriber => ({
  userId,
  role: 'PAT',
  send: () => undefined,
  close: () => closed.push(userId),
});

describe('the live hub on SIGTERM', () => {
  it('ends every open stream and takes no new one while the process drains', async () => {
    let listening = true;
    const hub = await new LiveHub(10, createMemoryLogger()).start({
      listen: async () => async () => {
        listening = false;
      },
    });
    const closed: number[] = [];
    expect(hub.subscribe(subscriber(1, closed))).not.toBeNull();
    expect(hub.subscribe(subscriber(2, closed))).not.toBeNull();
    await hub.stop();
    expect(closed.sort()).toEqual([1, 2]);
    expect(listening).toBe(false);
    // A reconnection that reaches this process still gets a 503: the proxy tries another process.
    expect(hub.subscribe(subscriber(3, closed))).toBeNull();
  });
});
