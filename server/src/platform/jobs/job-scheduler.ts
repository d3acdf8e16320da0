import cronParser from 'cron-parser';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm';
import type { Metrics } from '../observability/metrics';
import type { Clock } from '../shared/clock';
import { exponentialBackoff, WorkQueue, type WorkRow } from './work-queue';

/**
 * A timed sweep. `run(now)` is a SWEEP over whatever is due at `now` (read state from the
 * database, act on what is due, record the result there): never "do X once at time T" kept in
 * memory. It must be idempotent: a crashed run is run again, and tests (and the test clock) call
 * it whenever they like.
 */
export interface SweepDefinition {
  /** Unique name: letters, digits, '-' and '_'. */
  name: string;
  /** A 5-field cron expression in UTC. Give this or everySeconds. */
  cron?: string;
  /** Run every N seconds (whole seconds, >= 1). Give this or cron. */
  everySeconds?: number;
  run: (now: Date) => Promise<void>;
}

/**
 * What a module declares in its `jobs`: a timed sweep, or a work queue (jobs/work-queue.ts: rows
 * of its own table handled with a lease, retries, back-off, expiry and per-key fairness).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobDefinition = SweepDefinition | WorkQueue<any>;

export interface JobSchedulerOptions {
  clock: Clock;
  /** The application database: sweeps' schedules are rows of `job_schedule` there. Needed by start(). */
  orm?: Orm;
  /** false: start() does nothing (tests drive jobs through runAll and the queues themselves). */
  enabled?: boolean;
  logger?: Logger;
  /** job_runs_total{job, outcome} at /metrics. */
  metrics?: Pick<Metrics, 'jobRuns' | 'jobClaims'>;
}

const NAME = /^[A-Za-z0-9_-]{1,50}$/;
/** A sweep that ran longer than this (a crashed process) is run again elsewhere. */
const SWEEP_LEASE_MS = 15 * 60_000;

interface ScheduleRow extends WorkRow {
  /** The sweep's name. */
  id: string;
}

/**
 * Runs the modules' work: their work queues, and the timed sweeps as a work queue of their own
 * (`job_schedule`, one row per sweep whose due time is its next run): so across every server
 * instance each due run happens once, a crashed run is retried after its lease (15 min), and a
 * failed one after a back-off (30 s, doubling, at most 10 min). One mechanism for all work done later.
 *
 *   jobs.register({ name: 'expire-checkouts', everySeconds: 30, run: (now) => ... });
 *   jobs.register(someWorkQueue);
 *   await jobs.start();   // after the HTTP server listens: polls every queue
 *   await jobs.stop();    // before the database closes
 *   await jobs.runAll(now) // tests / test clock: every sweep now, in registration order, then every queue's due rows
 */
export class JobScheduler {
  private readonly sweeps = new Map<string, SweepDefinition>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly queues = new Map<string, WorkQueue<any>>();
  private sweepQueue?: WorkQueue<ScheduleRow>;
  private isStarted = false;

  constructor(private readonly opts: JobSchedulerOptions) {}

  /** Adds a sweep or a work queue; call before start(). */
  register(job: JobDefinition): void {
    if (this.sweeps.has(job.name) || this.queues.has(job.name)) throw new Error(`job "${job.name}" is already registered`);
    if (this.isStarted) throw new Error(`job "${job.name}" registered after start()`);
    if (job instanceof WorkQueue) {
      this.queues.set(job.name, job);
      return;
    }
    if (!NAME.test(job.name)) throw new Error(`job name "${job.name}" must be 1-50 letters, digits, '-' or '_'`);
    if ((job.cron === undefined) === (job.everySeconds === undefined)) {
      throw new Error(`job "${job.name}" needs exactly one of cron or everySeconds`);
    }
    if (job.everySeconds !== undefined && !(Number.isInteger(job.everySeconds) && job.everySeconds >= 1)) {
      throw new Error(`job "${job.name}": everySeconds must be a whole number >= 1`);
    }
    if (job.cron !== undefined) nextRun(job, new Date()); // throws on a malformed expression
    this.sweeps.set(job.name, job);
  }

  get names(): string[] {
    return [...this.sweeps.keys(), ...this.queues.keys()];
  }

  get started(): boolean {
    return this.isStarted;
  }

  /** A registered work queue, by name. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  queue(name: string): WorkQueue<any> | undefined {
    return this.queues.get(name);
  }

  /** Writes the sweeps' schedules and starts polling every queue. A no-op when disabled or already started. */
  async start(): Promise<void> {
    const { enabled = true, orm, logger, clock } = this.opts;
    if (!enabled) {
      logger?.info('background jobs disabled (JOBS_ENABLED=false)');
      return;
    }
    if (this.isStarted) return;
    if (!orm) throw new Error('JobScheduler.start() needs the ORM');
    const now = clock.now();
    const em = orm.em.fork();
    // A new sweep runs at once; a known one keeps its due time unless its schedule says sooner (its
    // next run counted from now). Another instance starting neither runs a sweep that just ran again
    // nor cuts short the back-off of one that failed.
    for (const sweep of this.sweeps.values()) {
      const first = sweep.cron !== undefined ? nextRun(sweep, now) : now;
      await em.execute(
        `insert into job_schedule (id, status, attempts, next_attempt_at) values (?, 'pending', 0, ?)
         on conflict (id) do update set status = 'pending', next_attempt_at = least(job_schedule.next_attempt_at, ?)`,
        [sweep.name, first, nextRun(sweep, now)],
      );
    }
    // Schedules of sweeps no longer registered would be claimed by nobody's code.
    await em.execute(`delete from job_schedule where id <> all(?::text[])`, [`{${[...this.sweeps.keys()].join(',')}}`]);
    this.sweepQueue = new WorkQueue<ScheduleRow>(
      {
        name: 'sweeps',
        table: 'job_schedule',
        concurrency: 4,
        leaseMs: SWEEP_LEASE_MS,
        backoffMs: exponentialBackoff(30_000, 10 * 60_000),
        pollSeconds: 1,
        handle: async (row, at) => {
          const sweep = this.sweeps.get(row.id);
          // Another instance's sweep this one does not know (a deploy in progress): leave it due for them.
          if (!sweep) return { ok: true, next: new Date(at.getTime() + 60_000), set: { attempts: 0 } };
          try {
            await this.runCounted(sweep, at);
          } catch (err) {
            logger?.error({ err, job: sweep.name }, 'job failed');
            throw err;
          }
          return { ok: true, next: nextRun(sweep, at), set: { attempts: 0 } };
        },
      },
      { orm, clock, logger, metrics: this.opts.metrics },
    );
    this.isStarted = true;
    this.sweepQueue.start();
    for (const queue of this.queues.values()) queue.start();
    logger?.info({ jobs: this.names }, 'background jobs started');
  }

  /** Stops claiming and waits (up to 10 s) for work under way; idempotent. */
  async stop(): Promise<void> {
    const queues = [this.sweepQueue, ...this.queues.values()].filter((q): q is WorkQueue => q !== undefined);
    this.sweepQueue = undefined;
    this.isStarted = false;
    await Promise.all(queues.map((q) => q.close(10_000)));
  }

  /** Runs one sweep now, in this process (or claims a queue's due rows and waits for them). */
  async run(name: string, now: Date = this.opts.clock.now()): Promise<void> {
    const sweep = this.sweeps.get(name);
    if (sweep) return this.runCounted(sweep, now);
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no job named "${name}"`);
    await queue.runDue(now);
    await queue.idle();
  }

  /** Runs every sweep now, in this process, in registration order, then every queue's due rows; fails after all ran if any failed. */
  async runAll(now: Date = this.opts.clock.now()): Promise<void> {
    const failures: unknown[] = [];
    for (const name of this.names) {
      try {
        await this.run(name, now);
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} jobs failed`);
  }

  /** One run, counted by outcome (ok / failed) in job_runs_total. */
  private async runCounted(job: SweepDefinition, now: Date): Promise<void> {
    try {
      await job.run(now);
      this.opts.metrics?.jobRuns.inc({ job: job.name, outcome: 'ok' });
    } catch (err) {
      this.opts.metrics?.jobRuns.inc({ job: job.name, outcome: 'failed' });
      throw err;
    }
  }
}

/** When a sweep runs next after a run at `after`. */
function nextRun(sweep: SweepDefinition, after: Date): Date {
  if (sweep.everySeconds !== undefined) return new Date(after.getTime() + sweep.everySeconds * 1000);
  return cronParser.parseExpression(sweep.cron!, { currentDate: after, tz: 'UTC' }).next().toDate();
}
