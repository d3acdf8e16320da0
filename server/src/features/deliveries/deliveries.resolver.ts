import { Arg, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../platform/graphql/context';
import { BookingType, type Booking } from '../bookings';
import { FileType, fileType } from '../files';
import type { BriefView, DeliveryView } from './deliveries.service';
import { FILES_MAX } from './deliveries.inputs';
import { BookingBriefInput, BookingBriefType, BookingDeliveryType, DeliveryTermsType, SubmitDeliveryInput } from './deliveries.types';

/** A query's cost counts a booking's deliveries as this many: the first and the default two revisions. */
const EXPECTED_DELIVERIES = 3;

/** The files a brief names, with download links for the viewer. */
@Resolver(() => BookingBriefType)
export class BriefFilesResolver {
  @FieldResolver(() => [FileType], { description: 'The files of fileIds, with short-lived download links' })
  @Extensions({ listSize: FILES_MAX })
  async files(@Root() brief: BriefView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.deliveries.filesOf(ctx, brief.bookingId, brief.fileIds)).map(fileType);
  }
}

/** The files a delivery names, with download links for the viewer. */
@Resolver(() => BookingDeliveryType)
export class DeliveryFilesResolver {
  @FieldResolver(() => [FileType], { description: 'The files of fileIds, with short-lived download links' })
  @Extensions({ listSize: FILES_MAX })
  async files(@Root() delivery: DeliveryView, @Ctx() ctx: GraphQLContext) {
    return (await ctx.services.deliveries.filesOf(ctx, delivery.bookingId, delivery.fileIds)).map(fileType);
  }
}

/** The booking after a change, read afresh (its state may have moved: an approval completes it). */
const bookingAfter = (ctx: GraphQLContext, bookingId: string) => ctx.services.bookings.get({ ...ctx, em: ctx.em.fork() }, bookingId);

/** A booking's brief and deliveries, as fields of the booking (its parties and support staff see the booking). */
@Resolver(() => BookingType)
export class BookingDeliveriesResolver {
  @FieldResolver(() => BookingBriefType, { nullable: true, description: 'The brief (its newest version); null until the booker writes it' })
  brief(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.deliveries.briefOf(ctx, booking.id);
  }

  @FieldResolver(() => [BookingDeliveryType], { description: 'What the creator delivered, oldest first' })
  @Extensions({ listSize: EXPECTED_DELIVERIES })
  deliveries(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.deliveries.deliveriesOf(ctx, booking.id);
  }

  @FieldResolver(() => DeliveryTermsType)
  deliveryTerms(@Root() booking: Booking, @Ctx() ctx: GraphQLContext) {
    return ctx.services.deliveries.termsOf(ctx, booking);
  }

  @Mutation(() => BookingType, { description: 'The booker writes or changes the brief of a confirmed booking (a change asks the creator to confirm again)' })
  async putBookingBrief(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('input', () => BookingBriefInput) input: BookingBriefInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    await ctx.services.deliveries.putBrief(ctx, bookingId, { ...input });
    return bookingAfter(ctx, bookingId);
  }

  @Mutation(() => BookingType, { description: "The creator confirms the brief's newest version (version: the one they read)" })
  async confirmBookingBrief(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('version', () => Int, { nullable: true }) version: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    await ctx.services.deliveries.confirmBrief(ctx, bookingId, version);
    return bookingAfter(ctx, bookingId);
  }

  @Mutation(() => BookingType, { description: 'The creator submits what was delivered; the booker answers within the approval window' })
  async submitDelivery(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('input', () => SubmitDeliveryInput) input: SubmitDeliveryInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    await ctx.services.deliveries.submitDelivery(ctx, bookingId, { ...input });
    return bookingAfter(ctx, bookingId);
  }

  @Mutation(() => BookingType, { description: "The booker approves a delivery: the booking completes and the creator's share is released" })
  async approveDelivery(@Arg('bookingId', () => ID) bookingId: string, @Arg('deliveryId', () => ID) deliveryId: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.deliveries.approve(ctx, bookingId, deliveryId);
    return bookingAfter(ctx, bookingId);
  }

  @Mutation(() => BookingType, { description: 'The booker asks for changes to a delivery (up to the revisions included, within the window)' })
  async requestDeliveryChanges(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('deliveryId', () => ID) deliveryId: string,
    @Arg('note', () => String) note: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    await ctx.services.deliveries.requestChanges(ctx, bookingId, deliveryId, { note });
    return bookingAfter(ctx, bookingId);
  }
}
