import { defineModule } from '../../platform/module';
import { Booking } from './booking.entity';
import { BookingHistoryEntry } from './booking-history.entity';
import { Dispute } from './dispute.entity';
import { BookingPaymentEvents, bookerOfPaymentIntent } from './booking-payment-events';
import { BookingCreatorResolver, BookingDisputeResolver, BookingsResolver } from './bookings.resolver';
import { bookingsRoutes } from './bookings.rest';
import { BookingsService } from './bookings.service';
import { BookingTimers } from './bookings.timers';
import { CheckoutService } from './checkout.service';
import { LedgerEntry } from './ledger-entry.entity';
import { LiveUpdatesResolver } from './live.resolver';
import { publishBookingMoves } from './booking-events';
import { BookingReschedule } from './booking-reschedule';
import { TransitionRunner } from './process/runner';
import { type BookingMoveHandler } from './process/apply';
import { bookingFileScope } from './booking-files';

export type { AppliedMove, BookingMoveHandler } from './process/apply';
export type { BookerBrand, BookingsService } from './bookings.service';
export type { LoaderContext } from './bookings.loaders';
export { moneyFigures, type LedgerLine, type MoneyFigures } from './ledger';
export { hourlyLine, lineAmount, linesTotal, readLineItems, type LineItem, type LineItemKind } from './line-items';
export { CHECKOUT_MESSAGES, type BookingOrder, type CheckoutResult } from './checkout.service';
export { BookingCheckout, BookingLineItemType } from './bookings.types';
export { MAX_BOOKING_HOURS } from './process/policy';
export { presentCheckout } from './bookings.rest';
export { moneyEventFields } from './booking-events';
export { splitRetained } from './process/policy';
export { confirmedBookingIds, HELD_BOOKING_STATUSES, readBookingStories, readBookingStory, storyUpTo, type BookingMoveEntry, type BookingStory } from './booking-story';
export { currentBookingPayload } from './booking-events';
export { cancellationSentence, cancellationWords, type CancellationWords } from './booking-words';

declare module '../../platform/module' {
  interface Services {
    bookings: BookingsService;
    checkout: CheckoutService;
    /** The one way a booking moves (for the features that move bookings: support). */
    bookingRunner: TransitionRunner;
    /** The booking process's timers (registered as jobs). */
    bookingTimers: BookingTimers;
    /** A pending request moved to a proposed time (the port features/conversations uses). */
    bookingReschedule: BookingReschedule;
  }
  interface ExtensionPoints {
    /** Run in the transaction of every applied booking move: `extend: (app) => ({ bookingMoveHandlers: [...] })`. */
    bookingMoveHandlers: BookingMoveHandler;
  }
}

/** The booking process: checkout, the state machine's moves, the ledger, timers, live updates. */
export const bookingsModule = defineModule({
  name: 'bookings',
  dependsOn: ['payments'],
  entities: [Booking, LedgerEntry, BookingHistoryEntry, Dispute],
  resolvers: [BookingsResolver, BookingDisputeResolver, BookingCreatorResolver, LiveUpdatesResolver],
  routes: bookingsRoutes,
  services: ({ deps, services, contributions }) => {
    const provider = () => services.payments.provider;
    const logger = deps.logger.child({ feature: 'bookings' });
    const moveHandlers = () => contributions('bookingMoveHandlers');
    const runner = new TransitionRunner({ clock: deps.clock, events: deps.events, provider, metrics: deps.metrics, logger, moveHandlers });
    return {
      bookingRunner: runner,
      bookings: new BookingsService({ clock: deps.clock, events: deps.events, runner }),
      checkout: new CheckoutService({ clock: deps.clock, events: deps.events, provider, runner }),
      bookingTimers: new BookingTimers({ orm: deps.orm, provider, runner, logger, outbox: deps.outbox }),
      bookingReschedule: new BookingReschedule({ runner, events: deps.events }),
    };
  },
  // Before the local payouts (payments), so a booking released in a sweep is paid out in the same run.
  jobs: ({ services }) => services.bookingTimers.jobs(),
  // Every move people hear about goes into the outbox in the move's own transaction.
  // Provider events (a card authorized in the browser, a payout paid) move bookings through the payments port.
  extend: ({ deps, services }) => ({
    bookingMoveHandlers: [publishBookingMoves(deps.outbox)],
    paymentEventHandlers: [new BookingPaymentEvents(services.bookingRunner, () => deps.orm.em.fork())],
    // A booking's payment intent is its booker's to pay.
    paymentIntentOwners: [{ ownerOf: bookerOfPaymentIntent }],
    // Files attached to a booking are its parties' and support's to read.
    fileScopes: [bookingFileScope],
  }),
});

// The front door: what other features use of this one.
export { Booking } from './booking.entity';
export { disputeView } from './bookings.service';
export type { BookingDisputeView } from './bookings.service';
export { BookingDisputeType, BookingType } from './bookings.types';
export { Dispute, DisputeResolution } from './dispute.entity';
export { BookingAction, BookingStatus } from './process/booking.model';
export type { ResolutionDetails } from './process/move-writes';
export { partyRole, partyUserIds } from './process/runner';
export type { TransitionRunner } from './process/runner';
