import { z } from 'zod';
import type { Config } from '../../platform/config';
import type { JobScheduler } from '../../platform/jobs/job-scheduler';
import { AdjustableClock, type Clock } from '../../platform/shared/clock';
import type { ServiceContext } from '../../platform/shared/context';
import { notFound } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';

const MAX_ADVANCE_MS = 400 * 86_400_000;

const MoveSchema = z
  .object({
    advanceMs: z
      .number({ error: 'advanceMs must be a number of milliseconds' })
      .int('advanceMs must be a whole number of milliseconds')
      .min(0, 'advanceMs cannot move the clock backwards; pass "now" instead')
      .max(MAX_ADVANCE_MS, 'advanceMs is limited to 400 days')
      .optional(),
    now: z.iso.datetime({ offset: true, error: 'now must be an ISO date-time' }).optional(),
  })
  .refine((v) => (v.advanceMs === undefined) !== (v.now === undefined), { message: 'Pass exactly one of advanceMs or now', path: ['advanceMs'] });

/**
 * The opt-in test clock (ENABLE_TEST_CLOCK=1, refused in production): end-to-end tests move the
 * server's time and the timers that became due run at once. Disabled, it does not exist (404).
 */
export class TestClockService {
  constructor(private readonly deps: { config: Config; clock: Clock; jobs: JobScheduler }) {}

  now(_ctx: ServiceContext): { now: Date } {
    return { now: this.adjustable().now() };
  }

  async move(_ctx: ServiceContext, input: { advanceMs?: unknown; now?: unknown }): Promise<{ now: Date }> {
    const clock = this.adjustable();
    const data = parseInput(MoveSchema, input);
    const now = data.now !== undefined ? clock.set(new Date(data.now)) : clock.advance(data.advanceMs!);
    await this.deps.jobs.runAll(now);
    return { now: clock.now() };
  }

  private adjustable(): AdjustableClock {
    const { config, clock } = this.deps;
    if (!config.ENABLE_TEST_CLOCK || config.isProduction || !(clock instanceof AdjustableClock)) throw notFound('Not found');
    return clock;
  }
}
