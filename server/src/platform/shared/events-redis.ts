import { Redis } from 'ioredis';
import { InProcessEventBus, type DomainEvents, type EventBus, type EventName } from './events';
import { decodeEvent, encodeEvent, type EventBusLog } from './events-wire';

const CHANNEL = 'collab_events';

/**
 * Events across server instances through Redis pub/sub (chosen when REDIS_URL is set): one
 * connection publishes, one subscribes; ioredis reconnects and re-subscribes by itself. Like the
 * PostgreSQL bus, every instance (this one too) receives each event from Redis.
 */
export class RedisEventBus implements EventBus {
  private readonly local = new InProcessEventBus();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly ready: Promise<unknown>;

  constructor(url: string, private readonly log: EventBusLog = () => {}) {
    const options = { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', (err) => this.log('event bus: redis publisher error', err));
    this.sub.on('error', (err) => this.log('event bus: redis subscriber error', err));
    this.sub.on('message', (channel: string, text: string) => {
      const decoded = channel === CHANNEL ? decodeEvent(text) : null;
      if (decoded) void this.local.publish(decoded.event, decoded.payload as never);
    });
    this.ready = this.sub.subscribe(CHANNEL).catch((err) => this.log('event bus: redis subscribe failed', err));
  }

  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const text = encodeEvent(event, payload);
    try {
      await this.pub.publish(CHANNEL, text);
    } catch (err) {
      this.log('event bus: redis publish failed; delivering to this instance only', err);
      await this.local.publish(event, payload);
    }
  }

  subscribe<E extends EventName>(event: E, listener: (payload: DomainEvents[E]) => void): () => void {
    return this.local.subscribe(event, listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
    await this.local.close();
  }
}
