/**
 * The portal's end of `GET /live`: one stream per signed-in tab, read with fetch (ky adds the token
 * and the DPoP proof an EventSource could not send). Screens subscribe to topics and reload what they
 * show; the stream itself carries no data. Closed while the tab is hidden; on every reconnection every
 * topic is announced, since changes made meanwhile were not heard.
 */
import * as v from 'valibot';
import { LiveChange, LiveTopic } from '../contract/live';
import { api } from './client';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/** Splits what arrived into complete events and the unfinished rest (`\n\n` ends an event). */
export function parseServerSentEvents(buffer: string): { events: ServerSentEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

type TopicListener = (topic: LiveTopic) => void;
const listeners = new Set<TopicListener>();

/** Calls `listener` with each topic the server says changed; returns the unsubscribe. */
export function onLiveTopic(listener: TopicListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announce(topics: readonly LiveTopic[]): void {
  for (const topic of topics) for (const listener of [...listeners]) listener(topic);
}

const EVERY_TOPIC = LiveTopic.options;
/**
 * Streams this page has opened: the first one's start is the screens' own first load, every later one
 * (after a drop, an expired token, a hidden tab) may have missed changes, so every topic is announced.
 */
let streamsOpened = 0;
const BACKOFF_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function readStream(signal: AbortSignal): Promise<void> {
  const response = await api().get('live', {
    timeout: false,
    retry: 0,
    signal,
    headers: { Accept: 'text/event-stream' },
    context: { quiet: true },
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  let buffer = '';
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return;
    const { events, rest } = parseServerSentEvents(buffer + chunk.value);
    buffer = rest;
    for (const { event, data } of events) {
      if (event === 'ready' && streamsOpened++ > 0) announce(EVERY_TOPIC);
      if (event !== 'change') continue;
      const change = v.safeParse(LiveChange, parseJson(data));
      if (change.success) announce(change.output.topics);
    }
  }
}

/**
 * Keeps a stream open until `signal` aborts: reconnects after an end (the server ends streams when the
 * token expires) at once, after a failure with a growing pause.
 */
export async function keepLiveStream(signal: AbortSignal, sleep = defaultSleep): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      await readStream(signal);
      failures = 0;
    } catch {
      if (signal.aborted) return;
      failures++;
    }
    if (failures > 0) await sleep(BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1] ?? 30_000, signal);
  }
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms * (0.8 + Math.random() * 0.4));
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
