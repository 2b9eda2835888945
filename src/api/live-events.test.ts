import { describe, expect, it } from 'vitest';
import { announce, onLiveTopic, parseServerSentEvents } from './live-events';

describe('parseServerSentEvents', () => {
  it('splits complete events, keeps the unfinished rest, skips comments', () => {
    const { events, rest } = parseServerSentEvents(
      'retry: 3000\nevent: ready\ndata: {}\n\n: heartbeat\n\nevent: change\ndata: {"topics":["messages"]}\n\nevent: cha',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"topics":["messages"]}' },
    ]);
    expect(rest).toBe('event: cha');
    expect(parseServerSentEvents(`${rest}nge\ndata: x\n\n`).events).toEqual([{ event: 'change', data: 'x' }]);
  });

  it('reads CRLF line ends and multi-line data', () => {
    expect(parseServerSentEvents('data: a\r\ndata: b\r\n\r\n').events).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });
});

describe('onLiveTopic', () => {
  it('hands each announced topic to the listeners until they leave', () => {
    const heard: string[] = [];
    const stop = onLiveTopic((topic) => heard.push(topic));
    announce(['messages', 'documents']);
    stop();
    announce(['surveys']);
    expect(heard).toEqual(['messages', 'documents']);
  });
});
