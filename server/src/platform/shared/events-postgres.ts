import pg from 'pg';
import { InProcessEventBus, type DomainEvents, type EventBus, type EventName } from './events';
import { decodeEvent, encodeEvent, type EventBusLog } from './events-wire';

const CHANNEL = 'collab_events';
/** How the LISTEN connection shows in pg_stat_activity. */
export const APPLICATION_NAME = 'collab-events';
const MAX_BACKOFF_MS = 5000;

/**
 * Events across server instances through PostgreSQL LISTEN/NOTIFY, on one dedicated connection
 * (a pooled connection would lose its LISTEN). Every instance, this one included, receives each
 * NOTIFY and hands it to its local subscribers. The connection is re-opened after a failure;
 * events sent while it is down reach this instance's subscribers only (live updates are hints,
 * clients refetch on reconnect).
 */
export class PostgresEventBus implements EventBus {
  private readonly local = new InProcessEventBus();
  private client: pg.Client | null = null;
  private ready: Promise<void>;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Events waiting for the connection; each learns whether its NOTIFY went out. */
  private outbox: { text: string; resolve: (sent: boolean) => void }[] = [];
  private draining = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: EventBusLog = () => {},
  ) {
    this.ready = this.connect();
  }

  /** Resolves once listening (tests wait for it before publishing from another instance). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async publish<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const text = encodeEvent(event, payload);
    const sent = new Promise<boolean>((resolve) => this.outbox.push({ text, resolve }));
    void this.drain();
    if (!(await sent)) await this.local.publish(event, payload);
  }

  /**
   * One statement at a time on the LISTEN connection (pg queues overlapping queries and deprecates
   * it): the events published in the same turn of the event loop (a transition's outbox wake-up,
   * its bookingUpdated and slotsChanged, published as its COMMIT returns) go out in one statement,
   * and those published while a NOTIFY is in flight go out together in the next. Every statement
   * is a round trip that hands the CPU to a PostgreSQL backend: on a starved machine a transition's
   * three separate NOTIFYs were three waits for the scheduler on a single connection.
   */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      // Let the rest of this turn's publishes join the first statement (microtasks run first).
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.outbox.length > 0) {
        const batch = this.outbox.splice(0);
        let sent = true;
        try {
          await this.ready;
          if (!this.client) throw new Error('not connected');
          await this.client.query('select pg_notify($1, e) from unnest($2::text[]) as e', [CHANNEL, batch.map((b) => b.text)]);
        } catch (err) {
          this.log('event bus: NOTIFY failed; delivering to this instance only', err);
          sent = false;
        }
        for (const b of batch) b.resolve(sent);
      }
    } finally {
      this.draining = false;
    }
  }

  subscribe<E extends EventName>(event: E, listener: (payload: DomainEvents[E]) => void): () => void {
    return this.local.subscribe(event, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.local.close();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: APPLICATION_NAME });
    client.on('notification', (msg) => {
      const decoded = msg.channel === CHANNEL && msg.payload ? decodeEvent(msg.payload) : null;
      if (decoded) void this.local.publish(decoded.event, decoded.payload as never);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.failures = 0;
    } catch (err) {
      await client.end().catch(() => {});
      this.lost(client, err);
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.closed || this.retryTimer) return;
    if (this.client && this.client !== client) return; // an old connection ending late
    this.client = null;
    this.failures += 1;
    this.log('event bus: lost the LISTEN connection; reconnecting', err);
    const delay = Math.min(MAX_BACKOFF_MS, 100 * 2 ** this.failures);
    let settle!: () => void;
    this.ready = new Promise((resolve) => (settle = resolve));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect().then(settle);
    }, delay);
    this.retryTimer.unref();
  }
}
