import * as v from 'valibot';
import { LiveNotice, LiveTopic, type UserType } from '../../../src/contract';
import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../../logger';

/** One open stream: the user it belongs to, and how to reach it. */
export interface LiveSubscriber {
  userId: number;
  role: UserType;
  send(topics: readonly LiveTopic[]): void;
  /** Ends the stream (the user opened too many, or the server stops). */
  close(): void;
}

/** A user with more open streams (tabs, devices) loses the oldest: a leak or a loop cannot pile them up. */
export const LIVE_STREAMS_PER_USER = 5;

const EVERY_TOPIC = LiveTopic.options;

/**
 * The process's side of the live channel: the open streams, by user, and the LISTEN connection that
 * brings notices from every process (see publishLive). Only this process's streams are kept here; what
 * must hold across processes travels through PostgreSQL.
 */
export class LiveHub {
  private readonly streams = new Map<number, LiveSubscriber[]>();
  private open = 0;
  private stopListening: (() => Promise<void>) | null = null;
  /** Set by stop(): a stream opened while the process drains would hear nothing and be cut at the grace's end. */
  private stopped = false;

  constructor(
    private readonly maxStreams: number,
    private readonly logger: Logger,
  ) {}

  async start(database: Pick<DatabaseHandle, 'listen'>): Promise<this> {
    this.stopListening = await database.listen({
      onPayload: (payload) => this.deliver(payload),
      onResync: () => {
        this.logger.warn('live.resync', { streams: this.open });
        this.sendWhere(() => true, EVERY_TOPIC);
      },
    });
    return this;
  }

  get streamCount(): number {
    return this.open;
  }

  /** Adds a stream; null when the process has MAX_LIVE_STREAMS open or stops. Returns the unsubscribe. */
  subscribe(subscriber: LiveSubscriber): (() => void) | null {
    if (this.stopped || this.open >= this.maxStreams) return null;
    const own = this.streams.get(subscriber.userId) ?? [];
    own.push(subscriber);
    this.streams.set(subscriber.userId, own);
    this.open++;
    if (own.length > LIVE_STREAMS_PER_USER) own[0]?.close();
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const list = this.streams.get(subscriber.userId) ?? [];
      const rest = list.filter((entry) => entry !== subscriber);
      if (rest.length > 0) this.streams.set(subscriber.userId, rest);
      else this.streams.delete(subscriber.userId);
      this.open--;
    };
  }

  private deliver(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    const notice = v.safeParse(LiveNotice, parsed);
    if (!notice.success) {
      this.logger.warn('live.bad_notice', { bytes: payload.length });
      return;
    }
    const { topics, userIds = [], roles = [] } = notice.output;
    if (roles.length === 0) {
      for (const userId of new Set(userIds))
        for (const subscriber of this.streams.get(userId) ?? []) subscriber.send(topics);
      return;
    }
    const users = new Set(userIds);
    const roleSet = new Set(roles);
    this.sendWhere((subscriber) => users.has(subscriber.userId) || roleSet.has(subscriber.role), topics);
  }

  private sendWhere(matches: (subscriber: LiveSubscriber) => boolean, topics: readonly LiveTopic[]): void {
    for (const list of this.streams.values())
      for (const subscriber of list) if (matches(subscriber)) subscriber.send(topics);
  }

  /** Ends every stream cleanly (the client reconnects, through the proxy to another process) and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.stopListening?.();
    for (const list of [...this.streams.values()]) for (const subscriber of list) subscriber.close();
  }
}
