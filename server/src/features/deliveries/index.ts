import { defineModule } from '../../platform/module';
import { BookingDeliveriesResolver, BriefFilesResolver, DeliveryFilesResolver } from './deliveries.resolver';
import { deliveriesRoutes } from './deliveries.rest';
import { DeliveriesService } from './deliveries.service';

declare module '../../platform/module' {
  interface Services {
    deliveries: DeliveriesService;
  }
}

/**
 * A booking's brief and what was delivered, with the booker's approval (issue 33 items 3 and 4).
 * Approval moves the booking through the booking process (APPROVE_DELIVERY): the one completion
 * and payout path. The approval window is a sweep like the booking timers.
 */
export const deliveriesModule = defineModule({
  name: 'deliveries',
  dependsOn: ['bookings', 'files'],
  resolvers: [BookingDeliveriesResolver, BriefFilesResolver, DeliveryFilesResolver],
  routes: deliveriesRoutes,
  services: ({ deps, services }) => ({
    deliveries: new DeliveriesService({
      clock: deps.clock,
      events: deps.events,
      outbox: deps.outbox,
      orm: deps.orm,
      logger: deps.logger.child({ feature: 'deliveries' }),
      config: { approvalWindowHours: deps.config.DELIVERY_APPROVAL_WINDOW_HOURS, defaultRevisions: deps.config.DELIVERY_DEFAULT_REVISIONS },
      runner: () => services.bookingRunner,
      bookings: () => services.bookings,
      files: () => services.files,
    }),
  }),
  jobs: ({ services }) => [{ name: 'deliveries-approve-due', everySeconds: 60, run: (now) => services.deliveries.approveDue(now).then(() => {}) }],
  extend: ({ services }) => ({ bookingMoveHandlers: [services.deliveries.moveHandler] }),
});

export type { BriefView, DeliveryView, DeliveryTerms, DeliveriesService } from './deliveries.service';
