import { systemContext } from '../../platform/jobs/system-context';
import { defineModule } from '../../platform/module';
import { availabilitySlotsRoot } from './slots.compiled';
import { AvailabilitySlot } from './availability-slot.entity';
import { AvailabilityResolver } from './availability.resolver';
import { availabilityRoutes } from './availability.rest';
import { AvailabilityService } from './availability.service';
import { RecurringPattern } from './recurring-pattern.entity';
import { RecurringSlotSkip } from './recurring-slot-skip.entity';
import { setDefaultMinNotice } from '../profiles';
import { SchedulingResolver } from './scheduling.resolver';
import { SchedulingService } from './scheduling.service';
import { CreatorSlotsResolver } from './creator-slots.resolver';

export { mergeRanges, type BusyRange, type SchedulingService } from './scheduling.service';

declare module '../../platform/module' {
  interface Services {
    availability: AvailabilityService;
    /** Scheduling guards, time off and busy ranges (connected calendars feed them through replaceBusyRanges). */
    scheduling: SchedulingService;
  }
}

/** A creator's bookable hours: one-off slots and weekly patterns. */
export const availabilityModule = defineModule({
  name: 'availability',
  entities: [AvailabilitySlot, RecurringPattern, RecurringSlotSkip],
  resolvers: [AvailabilityResolver, SchedulingResolver, CreatorSlotsResolver],
  routes: availabilityRoutes,
  compiledRoots: () => [availabilitySlotsRoot],
  services: ({ deps }) => {
    setDefaultMinNotice(deps.config.SCHEDULING_DEFAULT_MIN_NOTICE_MINUTES);
    const shared = { clock: deps.clock, events: deps.events, outbox: deps.outbox };
    return { availability: new AvailabilityService(shared), scheduling: new SchedulingService(shared) };
  },
  jobs: ({ deps, services }) => [
    {
      // Daily at 03:15 UTC: every creator's weekly patterns are materialised 14 days ahead (spec §9).
      name: 'refresh-recurring-slots',
      cron: '15 3 * * *',
      run: async (now) => {
        await services.availability.refreshRecurringSlots(systemContext(deps.orm), now);
      },
    },
  ],
});

// The front door: what other features use of this one.
export { AvailabilitySlot } from './availability-slot.entity';
export type { AvailabilityService } from './availability.service';
