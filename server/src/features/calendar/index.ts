import { defineModule } from '../../platform/module';
import { bookingRemindersJob } from './calendar.jobs';
import { CalendarResolver } from './calendar.resolver';
import { calendarRoutes } from './calendar.rest';
import { CalendarService } from './calendar.service';

declare module '../../platform/module' {
  interface Services {
    /** Calendar invites, private feeds and booking reminders. */
    calendar: CalendarService;
  }
}

/** Calendars: .ics invites for e-mails, each user's private feed, reminders before confirmed bookings. */
export const calendarModule = defineModule({
  name: 'calendar',
  dependsOn: ['availability', 'bookings', 'outbox'],
  resolvers: [CalendarResolver],
  routes: calendarRoutes,
  services: ({ deps, services }) => ({
    calendar: new CalendarService({ clock: deps.clock, outbox: deps.outbox, availability: services.availability, publicUrl: () => deps.mail.publicUrl() }),
  }),
  jobs: ({ deps, services }) => [bookingRemindersJob(deps.orm, services.calendar)],
});

// The front door: what other features use of this one.
export { CALENDAR_CHANGE_TOPICS } from './booking-timeline';
export type { CalendarService } from './calendar.service';
