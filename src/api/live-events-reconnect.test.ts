import { describe, expect, it, vi } from 'vitest';
import { LiveTopic } from '../contract/live';

const { get } = vi.hoisted(() => ({
  get: vi.fn<(path: string, options: { context?: unknown }) => Promise<Response>>(),
}));
vi.mock('./client', () => ({ api: () => ({ get }) }));

const { keepLiveStream, onLiveTopic } = await import('./live-events');

const stream = (text: string): Response =>
  new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });

describe('keepLiveStream when a server process stops', () => {
  it('reconnects at once after a clean end, with no pause, and refetches every topic', async () => {
    const controller = new AbortController();
    get
      // The stopping process ends the stream properly (SIGTERM drain).
      .mockResolvedValueOnce(stream('retry: 3000\nevent: ready\ndata: {}\n\n'))
      // The proxy's next process.
      .mockResolvedValueOnce(
        stream('event: ready\ndata: {}\n\nevent: change\ndata: {"topics":["messages"]}\n\n'),
      )
      .mockImplementationOnce(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      });
    const heard: string[] = [];
    const stop = onLiveTopic((topic) => heard.push(topic));
    const sleep = vi.fn(async () => undefined);
    await keepLiveStream(controller.signal, sleep);
    stop();
    expect(get).toHaveBeenCalledTimes(3);
    expect(sleep).not.toHaveBeenCalled();
    // The second stream's `ready`: whatever changed in between was not heard, so every screen reloads.
    expect(heard).toEqual([...LiveTopic.options, 'messages']);
  });

  it('waits before trying again after a refusal (a 503 from a draining process), and shows no error', async () => {
    const controller = new AbortController();
    get.mockReset();
    get.mockRejectedValueOnce(new Error('503')).mockImplementationOnce(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const sleep = vi.fn(async () => undefined);
    await keepLiveStream(controller.signal, sleep);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep.mock.calls[0]).toEqual([1000, controller.signal]);
    // No toast: the stream's calls are quiet.
    expect(get.mock.calls[0]?.[1]).toMatchObject({ context: { quiet: true } });
  });
});
