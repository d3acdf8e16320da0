import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';
import type { Clock } from '../shared/clock';

/**
 * The one way to do work later (see README "Work done later"): rows of a table that a worker
 * claims with a lease, handles, and records, with retries, back-off and expiry. E-mail deliveries,
 * webhook deliveries and the timed sweeps (jobs/job-scheduler.ts) all run on it.
 *
 * The table holds one row per item with at least these columns (the queue owns them):
 *   id (primary key), status text ('pending' while there is work), attempts int,
 *   next_attempt_at timestamptz (due time), lease_until timestamptz, lease_token uuid.
 * Producers insert `pending` rows in their own transaction (the outbox's consumers do, in the
 * transaction of the change), so nothing is queued by a rollback and nothing is lost by a crash.
 *
 * A claim is one statement: it takes due, unleased rows (`FOR UPDATE SKIP LOCKED`, so two workers
 * or two instances never take the same row and never wait for each other), sets a lease and
 * counts the attempt. A crashed worker's lease expires and the row is claimed again (expiry).
 * The outcome is recorded conditional on the lease token: a row resent or re-queued meanwhile keeps
 * its newer state. With `key`, claims are fair per key: at most `key.limit` rows of one key are in
 * flight across all instances, and a claim takes the oldest due row of every key before the
 * second of any (round robin), so a key with a huge backlog or hanging handlers delays only itself.
 */
export interface QueueDefinition<Row extends WorkRow = WorkRow> {
  /** The queue's name (metrics, logs): letters, digits, '-' and '_'. */
  name: string;
  /** The work table (see above). */
  table: string;
  /** An extra claim condition on the row `c`, e.g. `exists (select 1 from parents p where p.id = c.parent_id and p.enabled)`. */
  eligible?: string;
  /** Fairness: the column whose values share `limit` rows in flight (across instances), claimed round robin. */
  key?: { column: string; limit: number };
  /** Among rows due at the same time, which go first (a column; default `id`): e.g. an insertion sequence. */
  tiebreak?: string;
  /** Rows handled at once by this process. */
  concurrency: number;
  /** How long a claim holds: an item whose worker died is claimed again after it (must outlast `handle`). */
  leaseMs: number;
  /** Wait before the next attempt after `attempts` attempts failed. */
  backoffMs: (attempts: number) => number;
  /** Give up after this many attempts (status `failed`). */
  retryLimit?: number;
  /** Give up once the row's `column` (a timestamp) is this old. */
  retryWindow?: { column: string; ms: number };
  /** Claims happen at least this often without a wake-up (due retries, wake-ups lost). */
  pollSeconds: number;
  /** Runs before each claim (e.g. e-mail plans rows from new notifications). */
  prepare?: (now: Date) => Promise<void>;
  /** Does the work. Throwing counts as a failure (retried). */
  handle: (row: Row, now: Date) => Promise<Outcome>;
  /**
   * First in the transaction that records an outcome, before the row is touched: take the locks a
   * producer takes before the row's (e.g. its parent's), so both lock in one order and never deadlock.
   */
  beforeRecord?: (tx: EntityManager, row: Row) => Promise<void>;
  /** In the transaction that records an outcome, when the claim still held (e.g. an endpoint's failure streak). */
  onRecorded?: (tx: EntityManager, row: Row, result: Recorded) => Promise<void>;
}

/** Every work row has these; a queue's rows carry their own columns too. */
export interface WorkRow {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  lease_until: Date | null;
  lease_token: string | null;
  [column: string]: unknown;
}

/**
 * What handling a row came to. `ok`: recorded with `status` (default 'done'), or still `pending`
 * with a `next` due time (a recurring row). Not ok: retried after the back-off, or `failed` past
 * the retry limit or window. `set` records more columns of the row (e.g. the response) either way.
 */
export type Outcome =
  | { ok: true; status?: string; next?: Date; set?: Record<string, unknown> }
  | { ok: false; error: string; set?: Record<string, unknown> };

export interface Recorded {
  ok: boolean;
  status: string;
  /** Not ok and not retried again. */
  gaveUp: boolean;
}

export interface WorkQueueDeps {
  orm: Orm;
  clock: Clock;
  logger?: Pick<Logger, 'error' | 'warn'>;
  metrics?: Pick<Metrics, 'jobRuns' | 'jobClaims'>;
}

const NAME = /^[A-Za-z0-9_-]{1,50}$/;
const IDENT = /^[a-z_][a-z0-9_]*$/;

/** Exponential back-off `first`, 2×, 4×… capped at `max`, with ±`jitter` (0.2 = ±20 %). */
export const exponentialBackoff =
  (firstMs: number, maxMs: number, jitter = 0, random: () => number = Math.random) =>
  (attempts: number) =>
    Math.round(Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs) * (1 - jitter + 2 * jitter * random()));

/**
 * One queue's worker in this process (see QueueDefinition). `wake()` after a commit that queued
 * rows; the scheduler (jobs/job-scheduler.ts) polls it while the server runs; tests call
 * `runDue()` / `drain()` / `idle()` themselves.
 */
export class WorkQueue<Row extends WorkRow = WorkRow> {
  private readonly inFlight = new Set<Promise<void>>();
  private wakeScheduled = false;
  private running: Promise<number> | null = null;
  private rerun = false;
  private closed = false;
  private timer?: NodeJS.Timeout;
  /** Outcomes of this process's handled rows while a drain() listens. */
  private listeners = new Set<(r: Recorded) => void>();

  constructor(
    readonly definition: QueueDefinition<Row>,
    private readonly deps: WorkQueueDeps,
  ) {
    const d = definition;
    if (!NAME.test(d.name)) throw new Error(`queue name "${d.name}" must be 1-50 letters, digits, '-' or '_'`);
    for (const ident of [d.table, d.key?.column, d.retryWindow?.column, d.tiebreak]) {
      if (ident !== undefined && !IDENT.test(ident)) throw new Error(`queue ${d.name}: "${ident}" is not a plain SQL name`);
    }
    if (!(d.concurrency >= 1) || !(d.leaseMs > 0) || !(d.pollSeconds > 0)) throw new Error(`queue ${d.name}: concurrency, leaseMs and pollSeconds must be positive`);
    if (d.key && !(d.key.limit >= 1)) throw new Error(`queue ${d.name}: key.limit must be at least 1`);
  }

  get name(): string {
    return this.definition.name;
  }

  /** Polls every `pollSeconds` until close() (the scheduler calls this when jobs are enabled). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.wake(), this.definition.pollSeconds * 1000);
    this.timer.unref();
    this.wake();
  }

  /** Claims due rows soon (coalesced), without waiting. */
  wake(): void {
    if (this.closed || this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.runDue().catch((err: unknown) => this.deps.logger?.error({ err, queue: this.name }, 'work queue: claim failed'));
    });
  }

  /**
   * Prepares, claims every due row there is room for and starts handling them without waiting;
   * returns how many it claimed. A call while one runs makes that one claim again after it.
   */
  async runDue(now?: Date): Promise<number> {
    if (this.closed) return 0;
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      do {
        this.rerun = false;
        const at = now ?? this.deps.clock.now();
        await this.definition.prepare?.(at);
        total += await this.claimAndStart(at);
      } while (this.rerun && !this.closed);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Handles everything due at `now` and waits for it (tests, the test clock): claims until a claim
   * finds nothing; returns what the handled rows came to.
   */
  async drain(now: Date = this.deps.clock.now()): Promise<Recorded[]> {
    const results: Recorded[] = [];
    const listen = (r: Recorded) => void results.push(r);
    this.listeners.add(listen);
    try {
      for (;;) {
        await this.idle();
        if ((await this.runDue(now)) === 0 && this.inFlight.size === 0) break;
      }
      await this.idle();
    } finally {
      this.listeners.delete(listen);
    }
    return results;
  }

  /** Resolves when every row started so far (and the claims they triggered) has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.running || this.wakeScheduled) {
      await Promise.allSettled([...this.inFlight, this.running]);
      await new Promise((r) => setImmediate(r));
    }
  }

  /** Stops claiming and waits (up to `timeoutMs`) for rows being handled; their leases cover the rest. */
  async close(timeoutMs = 10_000): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight, this.running]),
      new Promise((r) => {
        timer = setTimeout(r, timeoutMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  /** How many rows this process is handling now. */
  get busy(): number {
    return this.inFlight.size;
  }

  private async claimAndStart(now: Date): Promise<number> {
    const room = this.definition.concurrency - this.inFlight.size;
    if (room <= 0) return 0;
    const token = randomUUID();
    let claimed: Row[];
    try {
      claimed = await this.claim(now, token, room);
      this.deps.metrics?.jobClaims.inc({ queue: this.name, outcome: 'ok' });
    } catch (err) {
      this.deps.metrics?.jobClaims.inc({ queue: this.name, outcome: 'failed' });
      throw err;
    }
    // Started in due order (RETURNING has none): among rows due together, by the queue's tiebreak.
    const tiebreak = this.definition.tiebreak ?? 'id';
    const due = (r: Row) => new Date(r.next_attempt_at ?? 0).getTime();
    claimed.sort((x, y) => due(x) - due(y) || String(x[tiebreak]).localeCompare(String(y[tiebreak]), undefined, { numeric: true }));
    for (const row of claimed) {
      const work = this.handleOne(row, token).catch((err: unknown) => this.deps.logger?.error({ err, queue: this.name, id: row.id }, 'work queue: recording failed'));
      this.inFlight.add(work);
      void work.finally(() => {
        this.inFlight.delete(work);
        this.wake(); // a slot is free (this key's next row may be waiting for it)
      });
    }
    return claimed.length;
  }

  /** One statement: lease up to `limit` due rows (fair per key when the queue has one). */
  private claim(now: Date, token: string, limit: number): Promise<Row[]> {
    const { table, eligible, key } = this.definition;
    const order = `c.next_attempt_at, c.${this.definition.tiebreak ?? 'id'}`;
    const leaseUntil = new Date(now.getTime() + this.definition.leaseMs);
    const due = `c.status = 'pending' and c.next_attempt_at <= ? and (c.lease_until is null or c.lease_until <= ?)${eligible ? ` and (${eligible})` : ''}`;
    const em = this.deps.orm.em.fork();
    if (!key) {
      return em.execute<Row[]>(
        `update ${table} t set lease_until = ?, lease_token = ?, attempts = t.attempts + 1
          where t.id in (select c.id from ${table} c where ${due} order by ${order} limit ? for update skip locked)
         returning t.*`,
        [leaseUntil, token, now, now, limit],
      );
    }
    const k = key.column;
    return em.execute<Row[]>(
      `with keys as (
         select c.${k} as k, min(c.next_attempt_at) as oldest from ${table} c where ${due} group by c.${k}
       ), free as (
         select keys.k, keys.oldest,
                ?::int - (select count(*) from ${table} b where b.${k} = keys.k and b.status = 'pending' and b.lease_until > ?)::int as slots
           from keys
       ), picked as (
         select p.id, row_number() over (partition by f.k order by p.next_attempt_at, p.tb) as rn, f.oldest
           from free f cross join lateral (
             select c.id, c.next_attempt_at, c.${this.definition.tiebreak ?? 'id'} as tb from ${table} c where c.${k} = f.k and ${due}
              order by ${order} limit greatest(f.slots, 0) for update skip locked) p
          where f.slots > 0
       ), chosen as (select id from picked order by rn, oldest, id limit ?)
       update ${table} t set lease_until = ?, lease_token = ?, attempts = t.attempts + 1
         from chosen where t.id = chosen.id
       returning t.*`,
      [now, now, key.limit, now, now, now, limit, leaseUntil, token],
    );
  }

  private async handleOne(row: Row, token: string): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await this.definition.handle(row, this.deps.clock.now());
    } catch (err) {
      outcome = { ok: false, error: String(err instanceof Error ? err.message : err).slice(0, 500) };
      this.deps.logger?.warn({ err, queue: this.name, id: row.id, attempts: row.attempts }, 'work queue: attempt failed');
    }
    const recorded = await this.record(row, token, outcome);
    this.deps.metrics?.jobRuns.inc({ job: this.name, outcome: outcome.ok ? 'ok' : 'failed' });
    if (recorded) for (const listen of this.listeners) listen(recorded);
  }

  /** Records the outcome if the claim still holds; null when it did not (resent, re-queued or deleted meanwhile). */
  private async record(row: Row, token: string, outcome: Outcome): Promise<Recorded | null> {
    const d = this.definition;
    const now = this.deps.clock.now();
    const attempts = Number(row.attempts);
    let result: Recorded;
    let next: Date | null;
    if (outcome.ok) {
      result = { ok: true, status: outcome.status ?? (outcome.next ? 'pending' : 'done'), gaveUp: false };
      next = outcome.next ?? null;
    } else {
      const window = d.retryWindow ? now.getTime() - new Date(row[d.retryWindow.column] as Date).getTime() >= d.retryWindow.ms : false;
      const gaveUp = (d.retryLimit !== undefined && attempts >= d.retryLimit) || window;
      result = { ok: false, status: gaveUp ? 'failed' : 'pending', gaveUp };
      next = gaveUp ? null : new Date(now.getTime() + d.backoffMs(attempts));
    }
    const set = Object.entries(outcome.set ?? {});
    for (const [column] of set) if (!IDENT.test(column)) throw new Error(`queue ${d.name}: "${column}" is not a plain SQL name`);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await d.beforeRecord?.(tx, row);
      const updated = await tx.execute<{ id: string }[]>(
        `update ${d.table} set status = ?, next_attempt_at = ?, lease_until = null, lease_token = null${set.map(([c]) => `, ${c} = ?`).join('')}
          where id = ? and lease_token = ? returning id`,
        [result.status, next, ...set.map(([, v]) => v), row.id, token],
      );
      if (updated.length === 0) return null;
      await d.onRecorded?.(tx, row, result);
      return result;
    });
  }
}
