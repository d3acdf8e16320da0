import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { avatarUrlOf, type Profile } from '../profiles';
import type { Booking } from './booking.entity';
import type { BookingDisputeView } from './bookings.service';
import {
  BookingBooker,
  BookingCheckout,
  BookingLineItemType,
  BookingConnection,
  BookingCreator,
  BookingDisputeType,
  BookingHistoryEntryType,
  BookingPaymentVerification,
  BookingGroup,
  BookingRole,
  BookingSettlementType,
  BookingMoneyType,
  BookingType,
  CancelBookingInput,
  CancellationTermsType,
  CancellationQuoteType,
  CreateBookingCheckoutInput,
  OpenDisputeInput,
  OverviewType,
  VerifyBookingPaymentInput,
} from './bookings.types';
import { BookingStatus, BookingAction } from './process/booking.model';

const toCreator = (p: Profile): BookingCreator => ({
  id: p.id,
  userId: p.user.id,
  displayName: p.displayName,
  profileImageUrl: p.profileImageUrl ?? null,
  photo: p.photo ?? null,
  platforms: p.platforms,
});

@Resolver(() => BookingCreator)
export class BookingCreatorResolver {
  @FieldResolver(() => String, { nullable: true, description: "The creator's photo at about `size` px (as Profile.avatarUrl); null: show initials" })
  avatarUrl(@Root() creator: BookingCreator, @Arg('size', () => Int, { defaultValue: 160 }) size: number) {
    return avatarUrlOf({ photo: creator.photo, profileImageUrl: creator.profileImageUrl }, size);
  }
}

@Resolver(() => BookingType)
export class BookingsResolver {
  @Query(() => BookingConnection, { description: "The viewer's bookings as booker or creator, newest first" })
  myBookings(
    @Arg('status', () => BookingStatus, { nullable: true }) status: BookingStatus | null,
    @Arg('role', () => BookingRole, { nullable: true }) role: BookingRole | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('group', () => BookingGroup, { nullable: true, description: 'One group of the Bookings tab, in its own order (instead of newest first)' }) group: BookingGroup | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.bookings.list(ctx, { status, role, first, after, group });
  }

  @Query(() => BookingType, { description: 'One booking (its parties and support staff only)' })
  booking(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.get(ctx, id);
  }

  @Query(() => CancellationQuoteType, { description: 'Refund and fee if the viewer cancelled now' })
  cancellationQuote(@Arg('bookingId', () => ID) bookingId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.cancellationQuote(ctx, bookingId);
  }

  @Query(() => CancellationTermsType, { name: 'cancellationTerms', description: 'The cancellation rule a booking starting then would get today (public)' })
  cancellationTermsAt(@Arg('startTime', () => Date) startTime: Date, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.cancellationTermsFor(startTime);
  }

  @Query(() => OverviewType, { description: "The dashboard's Overview tab" })
  overview(@Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.overview(ctx);
  }

  @Mutation(() => BookingCheckout, { description: 'Holds the hours for 15 minutes and opens the payment' })
  createBookingCheckout(@Arg('input', () => CreateBookingCheckoutInput) input: CreateBookingCheckoutInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.checkout.createBookingCheckout(ctx, input);
  }

  @Mutation(() => BookingPaymentVerification, { description: 'After the card form: moves the booking to held once the money is authorized' })
  verifyBookingPayment(@Arg('input', () => VerifyBookingPaymentInput) input: VerifyBookingPaymentInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.checkout.verifyBookingPayment(ctx, input);
  }

  @Mutation(() => BookingType, { description: 'Creator: accept the request (the payment is captured)' })
  acceptBooking(@Arg('bookingId', () => ID) bookingId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.accept(ctx, bookingId);
  }

  @Mutation(() => BookingType, { description: 'Creator: decline the request (the card hold is released)' })
  declineBooking(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.bookings.decline(ctx, bookingId, reason);
  }

  @Mutation(() => BookingType, { description: 'Either party, after the start; both confirmations complete the booking' })
  confirmBookingCompletion(@Arg('bookingId', () => ID) bookingId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.confirmCompletion(ctx, bookingId);
  }

  @Mutation(() => BookingType, { description: 'Either party, before the start; refund per cancellationQuote' })
  cancelBooking(@Arg('input', () => CancelBookingInput) input: CancelBookingInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.cancel(ctx, input);
  }

  @Mutation(() => BookingType, { description: 'Either party, before the confirmation deadline' })
  openDispute(@Arg('input', () => OpenDisputeInput) input: OpenDisputeInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.openDispute(ctx, input);
  }

  @Mutation(() => BookingType, { description: "Creator: pay the allocated share out to the creator's connected account" })
  requestPayout(@Arg('bookingId', () => ID) bookingId: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.requestPayout(ctx, bookingId);
  }

  @FieldResolver(() => ID, { description: 'The creator profile id' })
  @FieldResolver(() => ID, { name: 'streamerId', deprecationReason: 'Use creatorId' })
  creatorId(@Root() booking: Booking) {
    return booking.creator.id;
  }

  @FieldResolver(() => ID, { description: "The booker's user id" })
  bookerId(@Root() booking: Booking) {
    return booking.booker.id;
  }

  @FieldResolver(() => BookingCreator)
  @FieldResolver(() => BookingCreator, { name: 'streamer', deprecationReason: 'Use creator' })
  async creator(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return toCreator(await ctx.services.bookings.creatorOf(ctx, booking));
  }

  @FieldResolver(() => BookingBooker)
  booker(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.bookerOf(ctx, booking);
  }

  @FieldResolver(() => BookingRole, { nullable: true, description: 'null for support staff' })
  viewerRole(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.viewerRole(ctx, booking);
  }

  @FieldResolver(() => [BookingAction], { description: 'What the viewer may do now (from the state machine)' })
  availableActions(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.availableActions(ctx, booking);
  }

  @FieldResolver(() => BookingDisputeType, { nullable: true })
  dispute(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.disputeOf(ctx, booking);
  }

  @FieldResolver(() => CancellationTermsType, { description: "The cancellation rule of this booking's policy" })
  cancellationTerms(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.cancellationTermsOf(booking);
  }

  @FieldResolver(() => Boolean, { description: "Cancelling now keeps part of the price (the viewer's \"(fee applies)\")" })
  cancelFeeApplies(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.cancelFeeApplies(ctx, booking);
  }

  @FieldResolver(() => Date, { nullable: true, description: 'A request waiting for the creator lapses then (null once answered)' })
  requestDeadline(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.requestDeadlineOf(booking);
  }

  @FieldResolver(() => BookingGroup, { description: 'The Bookings tab group it is listed in now (myBookings(group:))' })
  group(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.groupOf(booking);
  }

  @FieldResolver(() => [BookingLineItemType], { description: 'What was sold, line by line; their sum is totalCents' })
  async lineItems(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.bookings.lineItemsOf(ctx, booking)).map((l) => ({ ...l, totalCents: l.quantity * l.unitPriceCents }));
  }

  @FieldResolver(() => BookingSettlementType)
  settlement(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.settlementOf(ctx, booking);
  }

  @FieldResolver(() => BookingMoneyType, { description: "The booking's money from the ledger, as every channel tells it (batched: one statement per list)" })
  async money(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.moneyFiguresOf(ctx, booking.id);
  }

  @FieldResolver(() => [BookingHistoryEntryType], { description: 'Every applied move, oldest first' })
  async history(@Root() booking: Booking, @Ctx() ctx: GraphQLContext): Promise<BookingHistoryEntryType[]> {
    return (await ctx.services.bookings.historyOf(ctx, booking)).map((h) => ({ ...h, action: h.action as BookingAction, fromPaymentStatus: h.fromPayment, toPaymentStatus: h.toPayment }));
  }

  @FieldResolver(() => String, { nullable: true, description: "The booker's payment intent (to finish paying)" })
  paymentIntentId(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.paymentIntentIdFor(ctx, booking);
  }
}

/** A dispute's booking and both parties, read through the bookings service (its parties and support only). */
@Resolver(() => BookingDisputeType)
export class BookingDisputeResolver {
  @FieldResolver(() => BookingType)
  booking(@Root() d: BookingDisputeView, @Ctx() ctx: GraphQLContext) {
    return ctx.services.bookings.get(ctx, d.bookingId);
  }

  @FieldResolver(() => ID)
  async bookerId(@Root() d: BookingDisputeView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.bookings.disputePartiesOf(ctx, d.bookingId)).bookerId;
  }

  @FieldResolver(() => String)
  async bookerName(@Root() d: BookingDisputeView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.bookings.disputePartiesOf(ctx, d.bookingId)).bookerName;
  }

  @FieldResolver(() => String)
  async bookerEmail(@Root() d: BookingDisputeView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.bookings.disputePartiesOf(ctx, d.bookingId)).bookerEmail;
  }

  @FieldResolver(() => ID, { description: "The creator's user id" })
  async creatorUserId(@Root() d: BookingDisputeView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.bookings.disputePartiesOf(ctx, d.bookingId)).creatorUserId;
  }

  @FieldResolver(() => String)
  async creatorName(@Root() d: BookingDisputeView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.bookings.disputePartiesOf(ctx, d.bookingId)).creatorName;
  }

  @FieldResolver(() => String, { description: 'Support staff only' })
  async creatorEmail(@Root() d: BookingDisputeView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.bookings.disputePartiesOf(ctx, d.bookingId)).creatorEmail();
  }
}
