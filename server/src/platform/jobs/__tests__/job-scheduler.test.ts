import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { createTestDatabase, startTestApp, type TestApp } from '../../../../test/harness';
import type { Orm } from '../../db/orm';
import { AdjustableClock } from '../../shared/clock';
import { JobScheduler } from '../job-scheduler';

const waitFor = async (done: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !done() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
};

describe('JobScheduler (sweeps on the work queue)', () => {
  let db: { url: string; drop(): Promise<void> };
  let orm: Orm;
  beforeAll(async () => {
    db = await createTestDatabase();
    // The template database is migrated (job_schedule exists); the scheduler needs no entities.
    orm = await MikroORM.init({ driver: PostgreSqlDriver, clientUrl: db.url, entities: [], discovery: { warnWhenNoEntities: false }, pool: { min: 0, max: 6 } });
  });
  afterAll(async () => {
    await orm?.close();
    await db?.drop();
  });

  it('runs an everySeconds job with the clock’s "now", and stops gracefully', async () => {
    const clock = new AdjustableClock();
    clock.set(new Date('2030-01-01T00:00:00Z'));
    const jobs = new JobScheduler({ clock, orm });
    const seen: Date[] = [];
    jobs.register({ name: 'tick', everySeconds: 1, run: async (now) => void seen.push(now) });
    await jobs.start();
    try {
      await waitFor(() => seen.length > 0);
    } finally {
      await jobs.stop();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0].getUTCFullYear()).toBe(2030);
    expect(jobs.started).toBe(false);
  });

  it('two instances on one database run a due sweep once, and a failed run again after its back-off', async () => {
    const clock = new AdjustableClock();
    const runs: string[] = [];
    let failures = 1;
    const instance = (name: string) => {
      const jobs = new JobScheduler({ clock, orm });
      jobs.register({ name: 'once-a-minute', everySeconds: 60, run: async () => void runs.push(name) });
      jobs.register({
        name: 'flaky',
        everySeconds: 3600,
        run: async () => {
          if (failures-- > 0) throw new Error('flaky broke');
          runs.push(`flaky@${name}`);
        },
      });
      return jobs;
    };
    const a = instance('a');
    const b = instance('b');
    await Promise.all([a.start(), b.start()]);
    try {
      await waitFor(() => runs.length >= 1 && failures < 1);
      await new Promise((r) => setTimeout(r, 2500)); // several polls of both
      expect(runs.filter((r) => !r.startsWith('flaky'))).toHaveLength(1);
      const [flaky] = await orm.em.fork().execute<{ status: string; attempts: number; next_attempt_at: Date }[]>(
        `select status, attempts, next_attempt_at from job_schedule where id = 'flaky'`,
      );
      // Failed once: still pending, retried after 30 s (not before).
      expect(flaky).toMatchObject({ status: 'pending', attempts: 1 });
      expect(new Date(flaky.next_attempt_at).getTime() - clock.now().getTime()).toBeGreaterThan(20_000);
      clock.advance(31_000);
      await waitFor(() => runs.some((r) => r.startsWith('flaky@')));
      expect(runs.filter((r) => r.startsWith('flaky@'))).toHaveLength(1);
      clock.advance(60_000);
      await waitFor(() => runs.filter((r) => !r.startsWith('flaky')).length >= 2);
      expect(runs.filter((r) => !r.startsWith('flaky'))).toHaveLength(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('an instance that starts after a sweep ran, or failed, leaves its due time: no second run, no back-off cut short', async () => {
    const clock = new AdjustableClock();
    const runs: string[] = [];
    let failures = 1;
    const instance = () => {
      const jobs = new JobScheduler({ clock, orm });
      jobs.register({ name: 'every-minute', everySeconds: 60, run: async () => void runs.push('every-minute') });
      jobs.register({
        name: 'fragile',
        everySeconds: 3600,
        run: async () => {
          if (failures-- > 0) throw new Error('fragile broke');
          runs.push('fragile');
        },
      });
      return jobs;
    };
    const read = async (id: string) =>
      (await orm.em.fork().execute<{ attempts: number; next_attempt_at: Date; lease_until: Date | null }[]>(`select attempts, next_attempt_at, lease_until from job_schedule where id = ?`, [id]))[0];
    const a = instance();
    await a.start();
    const b = instance();
    try {
      // The first instance has run the new sweep and recorded the other's failure.
      await waitFor(() => runs.length >= 1 && failures < 1);
      await vi.waitFor(async () => expect(await read('fragile')).toMatchObject({ attempts: 1, lease_until: null }), { timeout: 10_000, interval: 50 });
      await b.start(); // a deploy: the second instance comes up
      await new Promise((r) => setTimeout(r, 2500)); // several polls of both
      expect(runs).toEqual(['every-minute']);
      expect(new Date((await read('every-minute')).next_attempt_at).getTime() - clock.now().getTime()).toBeGreaterThan(50_000);
      expect(new Date((await read('fragile')).next_attempt_at).getTime() - clock.now().getTime()).toBeGreaterThan(20_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('does nothing on start() when disabled', async () => {
    const jobs = new JobScheduler({ clock: new AdjustableClock(), orm, enabled: false });
    jobs.register({ name: 'never', everySeconds: 1, run: async () => { throw new Error('must not run'); } });
    await jobs.start();
    expect(jobs.started).toBe(false);
  });

  it('refuses malformed registrations', () => {
    const jobs = new JobScheduler({ clock: new AdjustableClock() });
    const run = async () => {};
    expect(() => jobs.register({ name: 'both', cron: '* * * * *', everySeconds: 5, run })).toThrow(/exactly one of cron or everySeconds/);
    expect(() => jobs.register({ name: 'neither', run })).toThrow(/exactly one/);
    expect(() => jobs.register({ name: 'bad name!', everySeconds: 5, run })).toThrow(/letters, digits/);
    expect(() => jobs.register({ name: 'fractional', everySeconds: 0.5, run })).toThrow(/whole number/);
    jobs.register({ name: 'once', everySeconds: 5, run });
    expect(() => jobs.register({ name: 'once', everySeconds: 5, run })).toThrow(/already registered/);
  });

  it('runAll runs every job in order with the given now, and reports a failure after running the rest', async () => {
    const jobs = new JobScheduler({ clock: new AdjustableClock() });
    const calls: string[] = [];
    const now = new Date('2031-05-05T05:05:00Z');
    jobs.register({ name: 'a', cron: '0 * * * *', run: async (t) => void calls.push(`a@${t.toISOString()}`) });
    jobs.register({ name: 'b', everySeconds: 60, run: async () => { calls.push('b'); throw new Error('b broke'); } });
    jobs.register({ name: 'c', everySeconds: 60, run: async () => void calls.push('c') });
    await expect(jobs.runAll(now)).rejects.toThrow('b broke');
    expect(calls).toEqual(['a@2031-05-05T05:05:00.000Z', 'b', 'c']);
    await expect(jobs.run('missing', now)).rejects.toThrow(/no job named/);
  });
});

describe('the server’s jobs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'true' });
  });
  afterAll(() => app.close());

  it('schedules refresh-recurring-slots daily at 03:15 UTC', async () => {
    expect(app.server.jobs.names).toContain('refresh-recurring-slots');
    await app.server.jobs.start();
    try {
      const [row] = await app.orm.em.fork().execute<{ next_attempt_at: Date }[]>(`select next_attempt_at from job_schedule where id = 'refresh-recurring-slots'`);
      const next = new Date(row.next_attempt_at);
      expect([next.getUTCHours(), next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([3, 15, 0]);
      expect(next.getTime() - app.clock.now().getTime()).toBeLessThanOrEqual(24 * 3_600_000);
      // The work queues are declared as jobs too.
      expect(app.server.jobs.names).toEqual(expect.arrayContaining(['webhook-deliveries', 'email-deliveries']));
    } finally {
      await app.server.jobs.stop();
    }
  });
});
