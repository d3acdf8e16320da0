import { systemContext } from '../../platform/jobs/system-context';
import { defineModule, onEvent } from '../../platform/module';
import { queuedWork } from '../../platform/outbox/outbox';
import { SecretBox } from '../../platform/security/secret-box';
import { CalendarConnection } from './calendar-connection.entity';
import { CalendarSyncResolver } from './calendar-sync.resolver';
import { calendarSyncRoutes } from './calendar-sync.rest';
import { CalendarSyncService } from './calendar-sync.service';
import { CalendarWriteBack } from './write-back';

declare module '../../platform/module' {
  interface Services {
    /** A creator's connected calendars (iCalendar feeds, CalDAV) and their busy times. */
    calendarSync: CalendarSyncService;
    /** Confirmed bookings written into a creator's CalDAV calendar (same UID and SEQUENCE as the e-mailed invite). */
    calendarWriteBack: CalendarWriteBack;
  }
}

/** Connected calendars: busy times from a creator's own calendars are not bookable (issue 30). */
export const calendarSyncModule = defineModule({
  name: 'calendar-sync',
  dependsOn: ['availability', 'calendar'],
  entities: [CalendarConnection],
  resolvers: [CalendarSyncResolver],
  routes: calendarSyncRoutes,
  services: ({ deps, services }) => {
    const calendarSync = new CalendarSyncService({
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
    });
    const calendarWriteBack = new CalendarWriteBack({
      clock: deps.clock,
      logger: deps.logger.child({ feature: 'calendar-writeback' }),
      calendar: services.calendar,
      organizer: () => deps.mail.from,
      target: (connection) => calendarSync.target(connection),
    });
    return { calendarSync, calendarWriteBack };
  },
  extend: ({ services }) => ({ outboxConsumers: [services.calendarWriteBack.consumer()] }),
  eventHandlers: ({ deps, services }) =>
    deps.config.JOBS_ENABLED
      ? [onEvent('outboxCommitted', (event) => (queuedWork(event, services.calendarWriteBack.consumerName) ? services.calendarWriteBack.runDue(systemContext(deps.orm).em).then(() => {}) : undefined))]
      : [],
  jobs: ({ deps, services }) => [
    {
      // Each connection is synced when its interval (the feed's own, else the configured one) is up.
      name: 'calendar-sync',
      everySeconds: 60,
      run: async (now) => {
        await services.calendarSync.syncDue(systemContext(deps.orm).em, now);
      },
    },
    {
      // Write-back rows whose first attempt was missed or failed (the commit's wake-up runs the others at once).
      name: 'calendar-writeback',
      everySeconds: 30,
      run: async () => {
        await services.calendarWriteBack.runDue(systemContext(deps.orm).em);
      },
    },
  ],
});
