import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp } from '../../../../test/harness';
import { AdjustableClock } from '../../shared/clock';
import { JobScheduler } from '../job-scheduler';

describe('JobScheduler (pg-boss)', () => {
  let db: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('runs an everySeconds job through pg-boss with the clock’s "now", and stops gracefully', async () => {
    const clock = new AdjustableClock();
    clock.set(new Date('2030-01-01T00:00:00Z'));
    const jobs = new JobScheduler({ clock, connectionString: db.url });
    const seen: Date[] = [];
    jobs.register({ name: 'tick', everySeconds: 1, run: async (now) => void seen.push(now) });
    await jobs.start();
    try {
      for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await jobs.stop();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0].getUTCFullYear()).toBe(2030);
    expect(jobs.started).toBe(false);
  });

  it('does nothing on start() when disabled', async () => {
    const jobs = new JobScheduler({ clock: new AdjustableClock(), connectionString: db.url, enabled: false });
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

  it('schedules refresh-recurring-slots daily at 03:15 UTC in pg-boss', async () => {
    expect(app.server.jobs.names).toContain('refresh-recurring-slots');
    await app.server.jobs.start();
    try {
      const client = new pg.Client({ connectionString: app.config.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(`select name, cron, options->>'tz' as tz from pgboss.schedule where name = 'refresh-recurring-slots'`);
        expect(rows).toEqual([{ name: 'refresh-recurring-slots', cron: '15 3 * * *', tz: 'UTC' }]);
      } finally {
        await client.end();
      }
    } finally {
      await app.server.jobs.stop();
    }
  });
});
