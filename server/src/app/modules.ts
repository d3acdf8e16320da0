import type { FeatureModule } from '../platform/module';
import { authModule } from '../features/auth';
import { availabilityModule } from '../features/availability';
import { calendarSyncModule } from '../features/calendar-sync';
import { bookingsModule } from '../features/bookings';
import { notificationsModule } from '../features/notifications';
import { conversationsModule } from '../features/conversations';
import { outboxModule } from '../platform/outbox';
import { partnersModule } from '../features/partners';
import { paymentsModule } from '../features/payments';
import { profilesModule } from '../features/profiles';
import { reviewsModule } from '../features/reviews';
import { supportModule } from '../features/support';
import { testClockModule } from '../features/test-clock';
import { usersModule } from '../features/users';
import { webhooksModule } from '../features/webhooks';
import { calendarModule } from '../features/calendar';
import { mailModule } from '../features/mail';
import { documentsModule } from '../features/documents';
import { filesModule } from '../features/files';
import { deliveriesModule } from '../features/deliveries';
import { packagesModule } from '../features/packages';
import { offersModule } from '../features/offers';
import { brandsModule } from '../features/brands';

/**
 * Every feature of the application, one line each (see module.ts for what a module declares).
 * The order is the order of REST routes and of jobs (a sweep runs before the ones listed after it);
 * services are built in `dependsOn` order.
 */
export const modules: readonly FeatureModule[] = [
  usersModule,
  outboxModule,
  filesModule,
  authModule,
  availabilityModule,
  calendarSyncModule,
  profilesModule,
  reviewsModule,
  bookingsModule,
  brandsModule,
  deliveriesModule,
  packagesModule,
  documentsModule,
  supportModule,
  paymentsModule,
  partnersModule,
  notificationsModule,
  conversationsModule,
  offersModule,
  testClockModule,
  webhooksModule,
  calendarModule,
  mailModule,
];
