import type { Orm } from '../../platform/db/orm';
import type { JobDefinition } from '../../platform/jobs/job-scheduler';
import type { CalendarService } from './calendar.service';

/** Reminders 24 h and 1 h before confirmed bookings start (published to the outbox once each). */
export const bookingRemindersJob = (orm: Orm, calendar: CalendarService): JobDefinition => ({
  name: 'booking-reminders',
  everySeconds: 60,
  run: async (now) => {
    await calendar.publishDueReminders(orm.em.fork(), now);
  },
});
