import { randomUUID } from 'node:crypto';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm';
import type { DomainEvents, EventBus } from '../shared/events';
import type { OutboxEvents, OutboxTopic } from './outbox.topics';
import { runTogether, type StatementPart } from '../db/statement-parts';

/** What every event has besides its topic and payload. */
interface OutboxEventHead {
  /** The thing the event is about (a booking id, a conversation id, a creator id…). */
  aggregateId: string;
  bookingId?: string | null;
  /** The booking history row of the move the event tells (its story is read from there, not from the payload). */
  historyId?: string | null;
  /** Who caused it (null: the system). */
  actorUserId?: string | null;
  /** The users the event concerns (each gets one notification). */
  audienceUserIds: readonly string[];
}

/**
 * What a producer publishes (inside the transaction of the change it describes): a topic of the
 * vocabulary (outbox.topics.ts) with that topic's payload; `OutboxEventInput<'review.created'>`
 * is one topic's, the bare type any topic's.
 */
export type OutboxEventInput<T extends OutboxTopic = OutboxTopic> = {
  [K in T]: OutboxEventHead & { topic: K; payload: OutboxEvents[K] };
}[T];

/** An appended event, as consumers see it; narrowing on `topic` types `payload`. */
export type OutboxEvent<T extends OutboxTopic = OutboxTopic> = {
  [K in T]: {
    id: string;
    topic: K;
    payload: OutboxEvents[K];
    aggregateId: string;
    /** Position in the outbox (a bigint, as a string): consumers may keep a cursor on it. */
    seq: string;
    bookingId: string | null;
    historyId: string | null;
    actorUserId: string | null;
    audienceUserIds: string[];
    createdAt: Date;
  };
}[T];

/** An event about to be appended: everything but its position and stamp, which the insert makes. */
export type PendingOutboxEvent<T extends OutboxTopic = OutboxTopic> = {
  [K in T]: Omit<OutboxEvent<K>, 'seq' | 'createdAt'>;
}[T];

/** One data-modifying statement with `?` placeholders. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * A feature's in-transaction reaction to events (notifications write `notification` rows,
 * webhooks write `webhook_delivery` rows). It runs inside the producer's transaction and only
 * writes its own work rows: nothing is sent from here. A failure rolls the whole change back.
 *
 * A consumer gives either `statement`: its writes as one data-modifying statement that reads the
 * event from the outbox row being inserted (the CTE `ev`, the columns of `outbox_event`) and ends
 * with `returning` (its rows count as work queued); the outbox sends it in the same statement as
 * the event's insert, so the event and every such consumer's rows are one round trip. Or
 * `onEvent`: run after the insert with the stored event; it returns how many work rows it wrote
 * (nothing: assume some).
 */
export interface OutboxConsumer {
  name: string;
  /** Only these topics (all when omitted). */
  topics?: readonly OutboxTopic[];
  /** null: nothing to write for this event. */
  statement?(event: PendingOutboxEvent): SqlPart | null;
  onEvent?(em: EntityManager, event: OutboxEvent): Promise<number | void> | number | void;
}

/** The wake-up published on the event bus once the transaction that appended the event committed. */
export type OutboxCommitted = DomainEvents['outboxCommitted'];

/**
 * Whether a commit's wake-up has work for the worker behind `consumer`: that consumer queued rows
 * for it. An older instance's wake-up does not say (no `work`): then it has.
 */
export const queuedWork = (event: OutboxCommitted, consumer: string): boolean => !event.work || event.work.includes(consumer);

const takes = (consumer: OutboxConsumer, topic: OutboxTopic) => !consumer.topics || consumer.topics.includes(topic);

// MikroORM marks a nested transaction (a savepoint) with its parent under this symbol.
const PARENT = 'parentTransaction';

/** The root transaction of a (possibly nested) transaction context: the one whose commit makes the rows visible. */
function rootTransaction(trx: object): object {
  let current = trx;
  for (;;) {
    const symbol = Object.getOwnPropertySymbols(current).find((s) => s.description === PARENT);
    const parent = symbol ? (current as Record<symbol, object | undefined>)[symbol] : undefined;
    if (!parent) return current;
    current = parent;
  }
}

/**
 * The outbox (docs/architecture.md, "An event"). `publish(em, event)` appends the event inside the caller's
 * transaction and runs every registered consumer there; after the root transaction commits, a
 * wake-up (`outboxCommitted`) goes out on the event bus so workers act at once. A rolled-back
 * transaction leaves neither the event nor any consumer's rows, and no wake-up.
 */
export class Outbox {
  private readonly consumers: OutboxConsumer[] = [];
  /** Wake-ups waiting for their root transaction's commit. */
  private readonly pending = new WeakMap<object, OutboxCommitted[]>();

  constructor(private readonly deps: { events: EventBus; logger?: Pick<Logger, 'warn'> }) {}

  /** Registers an in-transaction consumer (once per name). */
  register(consumer: OutboxConsumer): void {
    if (this.consumers.some((c) => c.name === consumer.name)) throw new Error(`outbox consumer ${consumer.name} is registered twice`);
    this.consumers.push(consumer);
  }

  /** Hooks the after-commit wake-up into the ORM's transaction events (once per ORM). */
  attach(orm: Orm): void {
    const subscriber: EventSubscriber = {
      afterTransactionCommit: (args: TransactionEventArgs) => {
        const trx = args.transaction as object | undefined;
        const events = trx ? this.pending.get(trx) : undefined;
        if (!trx || !events) return;
        this.pending.delete(trx);
        for (const event of events) {
          this.deps.events.publish('outboxCommitted', event).catch((err) => this.deps.logger?.warn({ err, eventId: event.id }, 'outbox wake-up not published'));
        }
      },
    };
    orm.em.getEventManager().registerSubscriber(subscriber);
  }

  /**
   * Appends the event and runs the consumers, in `em`'s transaction (a transaction of its own
   * when `em` is not in one). Returns the stored event.
   */
  async publish<T extends OutboxTopic>(em: EntityManager, input: OutboxEventInput<T>): Promise<OutboxEvent<T>> {
    if (!em.isInTransaction()) return em.transactional((tx) => this.publish(tx, input));
    const append = this.append(em, input);
    await runTogether(em, [append]);
    return append.event();
  }

  /**
   * The event's append as a part of a bigger statement, to run in `em`'s transaction: the event's
   * insert (the CTE `ev`) and every statement consumer's writes (`ev_c0`, `ev_c1`…); once it ran,
   * the other consumers run with the stored event and its wake-up waits for the commit. A producer
   * that folds it into a statement of its own (a booking move: its state, history and event in one)
   * reads the stored event from `event()` afterwards.
   */
  append<T extends OutboxTopic>(em: EntityManager, input: OutboxEventInput<T>): StatementPart & { event(): OutboxEvent<T> } {
    const audience = [...new Set(input.audienceUserIds)];
    // The input's topic and payload travel together (one topic of the vocabulary).
    const pending = {
      ...input,
      id: randomUUID(),
      bookingId: input.bookingId ?? null,
      historyId: input.historyId ?? null,
      actorUserId: input.actorUserId ?? null,
      audienceUserIds: audience,
    } as PendingOutboxEvent;
    const parts = this.consumers
      .filter((c) => c.statement && takes(c, pending.topic))
      .map((c) => ({ name: c.name, part: c.statement!(pending) }))
      .filter((p): p is { name: string; part: SqlPart } => p.part !== null);
    let stored: OutboxEvent | null = null;
    return {
      names: ['ev', ...parts.map((_, i) => `ev_c${i}`)],
      ctes:
        `ev as (insert into outbox_event (id, topic, aggregate_id, booking_id, history_id, actor_user_id, audience_user_ids, payload, created_at)
          values (?::uuid, ?, ?, ?::uuid, ?::uuid, ?::uuid, ?::uuid[], ?::jsonb, date_trunc('milliseconds', clock_timestamp())) returning *)` +
        parts.map((p, i) => `, ev_c${i} as (${p.part.sql})`).join(''),
      params: [pending.id, pending.topic, pending.aggregateId, pending.bookingId, pending.historyId, pending.actorUserId, `{${audience.join(',')}}`, JSON.stringify(input.payload), ...parts.flatMap((p) => p.part.params)],
      columns:
        `(select seq::text from ev) as ev_seq, (select created_at from ev) as ev_created_at` +
        parts.map((_, i) => `, (select count(*) from ev_c${i})::int as ev_c${i}`).join(''),
      after: async (row) => {
        const event = { ...pending, seq: row.ev_seq as string, createdAt: new Date(row.ev_created_at as Date) } as OutboxEvent;
        const work = parts.filter((_, i) => Number(row[`ev_c${i}`]) > 0).map((p) => p.name);
        for (const consumer of this.consumers) {
          if (!consumer.onEvent || !takes(consumer, event.topic)) continue;
          const queued = await consumer.onEvent(em, event);
          if (queued !== 0) work.push(consumer.name);
        }
        const root = rootTransaction(em.getTransactionContext() as object);
        const waiting = this.pending.get(root) ?? [];
        if (waiting.length === 0) this.pending.set(root, waiting);
        waiting.push({ id: event.id, seq: event.seq, topic: event.topic, aggregateId: event.aggregateId, bookingId: event.bookingId, audienceUserIds: audience, work });
        stored = event;
      },
      event: () => {
        if (!stored) throw new Error('the outbox append has not run yet');
        return stored as OutboxEvent<T>;
      },
    };
  }

  /** Calls `listener` with every wake-up (this instance's and other instances', through the bus). */
  onCommitted(listener: (event: OutboxCommitted) => void): () => void {
    return this.deps.events.subscribe('outboxCommitted', listener);
  }
}
