import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Metrics } from '../observability/metrics';
import type { Clock } from '../shared/clock';

/**
 * A background job. `run(now)` is a SWEEP over whatever is due at `now` (read state from the
 * database, act on what is due, record the result there): never "do X once at time T" kept in
 * memory. It must be idempotent: pg-boss delivers at least once, two servers may run it at the
 * same time, and tests (and the test clock) call it whenever they like.
 */
export interface JobDefinition {
  /** Unique queue name: letters, digits, '-' and '_'. */
  name: string;
  /** A 5-field cron expression in UTC (pg-boss checks schedules about every 30 s). Give this or everySeconds. */
  cron?: string;
  /** Run every N seconds (whole seconds, >= 1). Give this or cron. */
  everySeconds?: number;
  run: (now: Date) => Promise<void>;
}

export interface JobSchedulerOptions {
  clock: Clock;
  /** The application database; pg-boss keeps its queues there in schema `pgboss`. */
  connectionString?: string;
  /** false: start() does nothing (tests drive jobs through runAll). */
  enabled?: boolean;
  logger?: Logger;
  /** job_runs_total{job, outcome} at /metrics. */
  metrics?: Pick<Metrics, 'jobRuns'>;
}

const NAME = /^[A-Za-z0-9_-]{1,50}$/;

/**
 * Runs registered sweeps on time through pg-boss (Postgres-backed, so one run per due time across
 * every server instance), and in-process on demand through run/runAll.
 *
 *   jobs.register({ name: 'expire-checkouts', everySeconds: 30, run: (now) => ... });
 *   await jobs.start();   // after the HTTP server listens
 *   await jobs.stop();    // before the database closes
 *   await jobs.runAll(now) // tests / test clock: every job, now, in registration order
 */
export class JobScheduler {
  private readonly jobs = new Map<string, JobDefinition>();
  private boss?: PgBoss;
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly opts: JobSchedulerOptions) {}

  /** Adds a job; call before start(). */
  register(job: JobDefinition): void {
    if (!NAME.test(job.name)) throw new Error(`job name "${job.name}" must be 1-50 letters, digits, '-' or '_'`);
    if (this.jobs.has(job.name)) throw new Error(`job "${job.name}" is already registered`);
    if ((job.cron === undefined) === (job.everySeconds === undefined)) {
      throw new Error(`job "${job.name}" needs exactly one of cron or everySeconds`);
    }
    if (job.everySeconds !== undefined && !(Number.isInteger(job.everySeconds) && job.everySeconds >= 1)) {
      throw new Error(`job "${job.name}": everySeconds must be a whole number >= 1`);
    }
    if (this.boss) throw new Error(`job "${job.name}" registered after start()`);
    this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  get started(): boolean {
    return this.boss !== undefined;
  }

  /** Creates the queues, schedules and workers. A no-op when disabled or already started. */
  async start(): Promise<void> {
    const { enabled = true, connectionString, logger } = this.opts;
    if (!enabled) {
      logger?.info('background jobs disabled (JOBS_ENABLED=false)');
      return;
    }
    if (this.boss) return;
    if (!connectionString) throw new Error('JobScheduler.start() needs the database URL');
    const boss = new PgBoss({ connectionString, application_name: 'collab-jobs', max: 4 });
    boss.on('error', (err) => logger?.error({ err }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    try {
      for (const job of this.jobs.values()) await this.schedule(boss, job);
      // Schedules of jobs that are no longer registered would fill queues nobody works.
      for (const s of await boss.getSchedules()) if (!this.jobs.has(s.name)) await boss.unschedule(s.name);
    } catch (err) {
      await this.stop();
      throw err;
    }
    logger?.info({ jobs: this.names }, 'background jobs started');
  }

  /** Stops taking jobs and waits (up to 10 s) for running ones; idempotent. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Runs one job now, in this process. */
  async run(name: string, now: Date = this.opts.clock.now()): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named "${name}"`);
    await this.runCounted(job, now);
  }

  /** Runs every job now, in this process, in registration order; fails after all ran if any failed. */
  async runAll(now: Date = this.opts.clock.now()): Promise<void> {
    const failures: unknown[] = [];
    for (const job of this.jobs.values()) {
      try {
        await this.runCounted(job, now);
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} jobs failed`);
  }

  /** One run, counted by outcome (ok / failed) in job_runs_total. */
  private async runCounted(job: JobDefinition, now: Date): Promise<void> {
    try {
      await job.run(now);
      this.opts.metrics?.jobRuns.inc({ job: job.name, outcome: 'ok' });
    } catch (err) {
      this.opts.metrics?.jobRuns.inc({ job: job.name, outcome: 'failed' });
      throw err;
    }
  }

  private async schedule(boss: PgBoss, job: JobDefinition): Promise<void> {
    // 'stately': at most one queued and one running per job, so missed ticks do not pile up.
    await boss.createQueue(job.name, { name: job.name, policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 15 * 60 });
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
      try {
        await this.runCounted(job, this.opts.clock.now());
      } catch (err) {
        this.opts.logger?.error({ err, job: job.name }, 'job failed');
        throw err;
      }
    });
    if (job.cron !== undefined) {
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      return;
    }
    await boss.unschedule(job.name);
    const every = job.everySeconds!;
    // One job per interval across all instances (pg-boss singleton slot).
    const tick = () =>
      boss.send(job.name, {}, { singletonSeconds: every }).catch((err) => this.opts.logger?.error({ err, job: job.name }, 'could not queue job'));
    void tick();
    const timer = setInterval(tick, every * 1000);
    timer.unref();
    this.timers.push(timer);
  }
}
