import { Arg, ID, Resolver, Root, Subscription } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { Booking } from './booking.entity';
import { BookingType, SlotsChangedEvent } from './bookings.types';

/** Live updates over graphql-ws, fed by the event bus (so they work across server instances). */
@Resolver()
export class LiveUpdatesResolver {
  @Subscription(() => BookingType, {
    description: 'Every change of a booking the viewer is a party to (sign-in required)',
    // Each event brings its own EntityManager fork and loaders (shared by its deliveries): see bookingUpdates.
    subscribe: ({ context }: { context: GraphQLContext }) => context.services.bookings.bookingUpdates(context),
  })
  bookingUpdated(@Root() booking: Booking): Booking {
    return booking;
  }

  @Subscription(() => SlotsChangedEvent, {
    description: "A creator's free hours changed (public)",
    subscribe: ({ args, context }: { args: { creatorId: string }; context: GraphQLContext }) =>
      context.services.bookings.slotChanges(context, args.creatorId),
  })
  slotsChanged(@Arg('creatorId', () => ID) _creatorId: string, @Root() event: SlotsChangedEvent): SlotsChangedEvent {
    return event;
  }
}
