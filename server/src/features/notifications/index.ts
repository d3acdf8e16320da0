import { defineModule } from '../../platform/module';
import { BookingUnreadResolver, NotificationsResolver } from './notifications.resolver';
import { notificationsRoutes } from './notifications.rest';
import { NotificationsService } from './notifications.service';

declare module '../../platform/module' {
  interface Services {
    notifications: NotificationsService;
  }
}

/** The notification inbox: one row per (outbox event, concerned user), written in the event's transaction. */
export const notificationsModule = defineModule({
  name: 'notifications',
  // Inbox lines that tell an amount read it from the ledger through bookings' front door.
  dependsOn: ['bookings'],
  resolvers: [NotificationsResolver, BookingUnreadResolver],
  routes: notificationsRoutes,
  services: ({ deps, services }) => ({ notifications: new NotificationsService({ events: deps.events, money: (em, ids) => services.bookings.moneyOf(em, ids) }) }),
  extend: ({ services }) => ({ outboxConsumers: [services.notifications.consumer(), services.notifications.actedOnConsumer()] }),
});

// The front door: what other features use of this one.
export type { NotificationsService } from './notifications.service';
