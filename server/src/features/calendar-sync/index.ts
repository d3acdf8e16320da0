import { systemContext } from '../../platform/jobs/system-context';
import { defineModule } from '../../platform/module';
import { SecretBox } from '../../platform/security/secret-box';
import { CalendarConnection } from './calendar-connection.entity';
import { CalendarSyncResolver } from './calendar-sync.resolver';
import { calendarSyncRoutes } from './calendar-sync.rest';
import { CalendarSyncService } from './calendar-sync.service';

declare module '../../platform/module' {
  interface Services {
    /** A creator's connected calendars (iCalendar feeds, CalDAV) and their busy times. */
    calendarSync: CalendarSyncService;
  }
}

/** Connected calendars: busy times from a creator's own calendars are not bookable (issue 30). */
export const calendarSyncModule = defineModule({
  name: 'calendar-sync',
  dependsOn: ['availability'],
  entities: [CalendarConnection],
  resolvers: [CalendarSyncResolver],
  routes: calendarSyncRoutes,
  services: ({ deps, services }) => ({
    calendarSync: new CalendarSyncService({
      clock: deps.clock,
      logger: deps.logger.child({ feature: 'calendar-sync' }),
      scheduling: services.scheduling,
      secrets: new SecretBox(deps.config.secretsKey),
      fetchLimits: {
        allowPrivateAddresses: !deps.config.isProduction,
        timeoutMs: deps.config.CALENDAR_FETCH_TIMEOUT_SECONDS * 1000,
        maxBytes: deps.config.CALENDAR_FETCH_MAX_BYTES,
      },
      defaultIntervalSeconds: deps.config.CALENDAR_SYNC_INTERVAL_MINUTES * 60,
    }),
  }),
  jobs: ({ deps, services }) => [
    {
      // Each connection is synced when its interval (the feed's own, else the configured one) is up.
      name: 'calendar-sync',
      everySeconds: 60,
      run: async (now) => {
        await services.calendarSync.syncDue(systemContext(deps.orm).em, now);
      },
    },
  ],
});
