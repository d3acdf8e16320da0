import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfo } from '../../platform/graphql/pagination.types';
import { DisputeKind, DisputeResolution } from './dispute.entity';
import { BookingStatus, PaymentStatus, BookingAction, CANCELLATION_REASONS, CANCELLATION_REASON_CODES, type CancellationReasonCode as CancellationReasonCodeValue } from './process/booking.model';

export enum BookingRole {
  BOOKER = 'booker',
  CREATOR = 'creator',
}

registerEnumType(BookingStatus, { name: 'BookingStatus', description: 'Where the booking is in its lifecycle' });
registerEnumType(PaymentStatus, {
  name: 'PaymentStatus',
  description: 'unpaid -> held (authorized, then captured on accept) -> allocated -> released -> paid_out; exits voided, refunded, disputed',
});
registerEnumType(BookingAction, {
  name: 'BookingAction',
  description: 'A move of the booking process; `availableActions` lists the ones the viewer may make now',
});
/** The short list of cancellation reasons as a GraphQL enum (values are the REST codes). */
export const CancellationReasonCode = Object.fromEntries(CANCELLATION_REASON_CODES.map((c) => [c.toUpperCase(), c])) as { [K in CancellationReasonCodeValue as Uppercase<K>]: K };
export type CancellationReasonCode = CancellationReasonCodeValue;
registerEnumType(CancellationReasonCode, {
  name: 'CancellationReasonCode',
  description: 'Why a booking is cancelled (the short list; free text goes beside it)',
  valuesConfig: Object.fromEntries(CANCELLATION_REASON_CODES.map((c) => [c.toUpperCase(), { description: CANCELLATION_REASONS[c] }])),
});
registerEnumType(BookingRole, { name: 'BookingRole', description: "The viewer's side of a booking" });

/** The Bookings tab's groups, each in its own order (the next action first). */
export enum BookingGroup {
  UPCOMING = 'upcoming',
  REQUESTS = 'requests',
  PAST = 'past',
  CANCELLED = 'cancelled',
}
registerEnumType(BookingGroup, {
  name: 'BookingGroup',
  description:
    'UPCOMING: accepted and not over, soonest first. REQUESTS: waiting for an answer, those waiting for the viewer first (the creator to accept, the booker to pay), then soonest. PAST: over (to confirm or disputed first), latest first. CANCELLED: latest first',
});
registerEnumType(DisputeKind, { name: 'DisputeKind', description: 'CREATOR_NO_SHOW (booker, after the start) refunds in full at once' });
registerEnumType(DisputeResolution, { name: 'DisputeResolution', description: "Support's decision on a dispute" });

@ObjectType('BookingCreator', { description: 'The creator profile a booking is with' })
export class BookingCreator {
  @Field(() => ID, { description: 'The creator profile id' })
  id!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  profileImageUrl!: string | null;

  /** The uploaded photo's sizes (read through avatarUrl). */
  photo!: Record<string, string> | null;

  @Field(() => [String], { description: 'twitch, youtube, tiktok, instagram' })
  platforms!: string[];
}

@ObjectType('BookingBooker', { description: 'Who booked: their profile name, else the part of the e-mail before the @' })
export class BookingBooker {
  @Field(() => ID, { description: 'User id (booker_id)' })
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;
}

@ObjectType('BookingHistoryEntry', { description: 'One applied move of the booking process, oldest first. Money in cents.' })
export class BookingHistoryEntryType {
  @Field(() => ID)
  id!: string;

  @Field(() => BookingAction)
  action!: BookingAction;

  @Field(() => String, { description: 'booker, creator, support or system' })
  actor!: string;

  @Field(() => ID, { nullable: true, description: 'Who made the move; null for the system' })
  actorUserId!: string | null;

  @Field(() => BookingStatus)
  fromStatus!: BookingStatus;

  @Field(() => PaymentStatus)
  fromPaymentStatus!: PaymentStatus;

  @Field(() => BookingStatus)
  toStatus!: BookingStatus;

  @Field(() => PaymentStatus)
  toPaymentStatus!: PaymentStatus;

  @Field(() => String, { nullable: true, description: 'The money step (capture, cancelAuthorization, settle, transfer, unallocate, markPaidOut); null when no money moved' })
  moneyStep!: string | null;

  @Field(() => Int, { nullable: true, description: 'The cents the step moved at the provider (captured, refunded, transferred)' })
  amountCents!: number | null;

  @Field(() => String, { nullable: true, description: 'The reason given with the move (cancellation or decline reason, dispute statement, support note)' })
  reason!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

/** One dispute type for the booking card and the support console; its booking and parties are resolved (BookingDisputeResolver). */
@ObjectType('BookingDispute', { description: 'A dispute on a booking: its statements, the decision, and (resolved) its booking and both parties' })
export class BookingDisputeType {
  @Field(() => ID)
  id!: string;

  bookingId!: string;

  @Field(() => DisputeKind)
  kind!: DisputeKind;

  @Field(() => String)
  reason!: string;

  @Field(() => String, { nullable: true })
  evidence!: string | null;

  @Field(() => String, { nullable: true, description: "The other party's statement" })
  respondentStatement!: string | null;

  @Field(() => BookingRole, { description: 'Which side opened it' })
  openedBy!: BookingRole;

  @Field(() => DisputeResolution, { nullable: true })
  resolution!: DisputeResolution | null;

  @Field(() => Int, { nullable: true, description: 'Refunded to the booker by the decision' })
  refundCents!: number | null;

  @Field(() => String, { nullable: true })
  resolutionNote!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  resolvedAt!: Date | null;
}

@ObjectType('BookingLineItem', { description: 'One line of what a booking sells, snapshotted when it was made. Money in cents.' })
export class BookingLineItemType {
  @Field(() => String)
  label!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  unitPriceCents!: number;

  @Field(() => Int, { description: 'quantity x unit price' })
  totalCents!: number;

  @Field(() => String, { description: 'hourly, package or custom' })
  kind!: string;
}

/** Fields read straight from the Booking row; the rest are resolved per viewer (bookings.resolver.ts). */
@ObjectType('Booking', { description: 'A paid collaboration between a booker and a creator. Money in cents.' })
export class BookingType {
  @Field(() => ID)
  id!: string;

  @Field(() => Date)
  startTime!: Date;

  @Field(() => Date)
  endTime!: Date;

  @Field(() => Int)
  totalHours!: number;

  @Field(() => Int)
  hourlyRateCents!: number;

  @Field(() => Int, { description: 'The sum of the line items (an hourly booking: hourly rate x hours)' })
  totalCents!: number;

  @Field(() => Date, { nullable: true, description: 'A booking without hours (clips, posts, an overlay): due then; its start and end are this instant' })
  dueAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'The package bought' })
  packageId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The custom offer accepted' })
  offerId!: string | null;

  @Field(() => Int, { description: 'Platform fee quoted at checkout: round(total x 10%)' })
  feeCents!: number;

  @Field(() => Int, { description: "The creator's share quoted at checkout: total - fee" })
  @Field(() => Int, { name: 'streamerAmountCents', deprecationReason: 'Use creatorAmountCents' })
  creatorAmountCents!: number;

  @Field(() => Int, { description: 'Refunded to the booker so far (refund_amount)' })
  refundCents!: number;

  @Field(() => BookingStatus)
  status!: BookingStatus;

  @Field(() => PaymentStatus)
  paymentStatus!: PaymentStatus;

  @Field(() => String, { nullable: true })
  bookingDetails!: string | null;

  @Field(() => Boolean)
  @Field(() => Boolean, { name: 'streamerConfirmed', deprecationReason: 'Use creatorConfirmed' })
  creatorConfirmed!: boolean;

  @Field(() => Boolean)
  bookerConfirmed!: boolean;

  @Field(() => Date, { description: 'end + 48 h: disputes close and the booking auto-completes then' })
  confirmationDeadline!: Date;

  @Field(() => Date, { description: 'An unpaid checkout is released then' })
  checkoutExpiresAt!: Date;

  @Field(() => String, { nullable: true, description: 'Why it was cancelled: the words given, else the label of the reason code' })
  cancellationReason!: string | null;

  @Field(() => CancellationReasonCode, { nullable: true, description: 'The reason from the short list, when one was picked' })
  cancellationCode!: CancellationReasonCode | null;

  @Field(() => String, { nullable: true, description: 'Who cancelled: booker, creator, support or system (an expiry)' })
  cancelledByRole!: string | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  releasedAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType('BookingEdge')
export class BookingEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => BookingType)
  node!: BookingType;
}

@ObjectType('BookingConnection')
export class BookingConnection {
  @Field(() => [BookingEdge])
  edges!: BookingEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType('BookingCheckout', { description: 'Send the browser to checkoutUrl; the card form confirms with clientSecret' })
export class BookingCheckout {
  @Field(() => BookingType)
  booking!: BookingType;

  @Field(() => String, { description: '/stripe-checkout?booking_id=…&payment_intent=…' })
  checkoutUrl!: string;

  @Field(() => String)
  paymentIntentId!: string;

  @Field(() => String)
  clientSecret!: string;
}

@ObjectType('BookingPaymentVerification')
export class BookingPaymentVerification {
  @Field(() => BookingType)
  booking!: BookingType;

  @Field(() => Boolean, { description: 'True once the payment is authorized and held' })
  bookingConfirmed!: boolean;
}

@ObjectType('CancellationQuote', { description: 'What cancelling now would do, shown before the user confirms' })
export class CancellationQuoteType {
  @Field(() => ID)
  bookingId!: string;

  @Field(() => Boolean)
  allowed!: boolean;

  @Field(() => String, { nullable: true, description: 'Why cancelling is not possible now' })
  reason!: string | null;

  @Field(() => Int, { description: 'Returned to the booker (refund, or release of the card hold)' })
  refundCents!: number;

  @Field(() => Boolean, { description: 'Under 24 h before the start: "(fee applies)"' })
  feeApplies!: boolean;

  @Field(() => Int)
  platformFeeCents!: number;

  @Field(() => Int)
  creatorKeepsCents!: number;
}

@ObjectType('CancellationTerms', {
  description: 'The cancellation rule from the booking policy: a request not accepted yet is always free to withdraw',
})
export class CancellationTermsType {
  @Field(() => Date, { description: 'An accepted booking cancelled by the booker until then is refunded in full' })
  freeUntil!: Date;

  @Field(() => Int, { description: 'Percent of the price kept (creator share and platform fee) when the booker cancels later' })
  lateKeptPercent!: number;
}

@ObjectType('BookingSettlement', { description: 'Where the captured money went, from the ledger (cents)' })
export class BookingSettlementType {
  @Field(() => Int, { description: 'Taken from the card (0 while the payment is only held or after a released hold)' })
  capturedCents!: number;

  @Field(() => Int)
  refundedCents!: number;

  @Field(() => Int, { description: 'Platform fee actually kept' })
  platformFeeCents!: number;

  @Field(() => Int, { description: "The creator's share actually allocated" })
  creatorCents!: number;

  @Field(() => Int, { description: "Transferred to the creator's payout account" })
  paidOutCents!: number;
}

@ObjectType('BookingMoney', {
  description: "A booking's money as every channel tells it (e-mail, bell, thread, webhooks, documents): one function over the ledger, in cents",
})
export class BookingMoneyType {
  @Field(() => Int, { description: "The booking's price (hourly rate x hours)" })
  priceCents!: number;

  @Field(() => Int, { description: "Captured from the booker's card (0 before the creator accepts)" })
  chargedCents!: number;

  @Field(() => Int, { description: 'Returned to the booker' })
  refundedCents!: number;

  @Field(() => Int, { description: 'What the booker pays in the end: charged less refunded (the price before any capture)' })
  paidCents!: number;

  @Field(() => Int, { description: 'The platform fee on what the booker pays (expected until decided)' })
  feeCents!: number;

  @Field(() => Int, { description: "The creator's share (expected until decided)" })
  creatorCents!: number;

  @Field(() => Int, { description: "Transferred to the creator's payout account" })
  paidOutCents!: number;

  @Field(() => Boolean, { description: 'Whether fee and share are decided in the ledger (false: expected from the split)' })
  decided!: boolean;
}

@ObjectType('Overview', { description: "The dashboard's Overview tab" })
export class OverviewType {
  @Field(() => Int, { description: "Creator side: the ledger's net allocation to the creator (completed bookings and shares kept after late cancellations)" })
  earningsCents!: number;

  @Field(() => Int, { description: "Earnings of collabs that take place this calendar month (by the session's start, in the creator's time zone)" })
  monthEarningsCents!: number;

  @Field(() => Int, { description: 'Allocated and not yet paid out' })
  pendingPayoutCents!: number;

  @Field(() => Int, { description: 'Confirmed collaborations that have not ended yet' })
  upcomingCount!: number;

  @Field(() => Int, { description: "Creator side: paid requests waiting for the viewer's answer" })
  awaitingResponseCount!: number;

  @Field(() => Int, { description: "Booker side: the viewer's paid requests waiting for the creator's answer" })
  awaitingCreatorCount!: number;

  @Field(() => Float, { description: 'Booked slots / all slots x 100' })
  utilizationPercent!: number;

  @Field(() => Int)
  totalSlots!: number;

  @Field(() => Int)
  bookedSlots!: number;

  @Field(() => [BookingType], { description: 'The 5 latest completed bookings as creator' })
  recentEarnings!: BookingType[];

  @Field(() => [BookingType], { description: 'The next 5 confirmed collaborations' })
  upcoming!: BookingType[];
}

@ObjectType('SlotsChangedEvent', { description: "A creator's free hours changed: refetch their slots" })
export class SlotsChangedEvent {
  @Field(() => ID)
  @Field(() => ID, { name: 'streamerId', deprecationReason: 'Use creatorId' })
  creatorId!: string;
}

@InputType()
export class CreateBookingCheckoutInput {
  @Field(() => ID, { description: 'The creator profile id' })
  creatorId!: string;

  @Field(() => ID, { nullable: true, description: 'The first selected slot (optional; checked against the range)' })
  availabilitySlotId?: string | null;

  @Field(() => Date)
  startTime!: Date;

  @Field(() => Date, { description: '1 to 8 consecutive hours after startTime' })
  endTime!: Date;

  @Field(() => String, { nullable: true })
  bookingDetails?: string | null;

  @Field(() => String, { nullable: true, description: 'A retried request with the same key returns the same checkout' })
  idempotencyKey?: string | null;
}

@InputType()
export class VerifyBookingPaymentInput {
  @Field(() => String, { nullable: true })
  paymentIntentId?: string | null;

  @Field(() => String, { nullable: true, description: "The dashboard's session_id" })
  sessionId?: string | null;

  @Field(() => ID, { nullable: true })
  bookingId?: string | null;
}

@InputType()
export class CancelBookingInput {
  @Field(() => ID)
  bookingId!: string;

  @Field(() => String, { nullable: true, description: 'In your words (required with OTHER)' })
  reason?: string | null;

  @Field(() => CancellationReasonCode, { nullable: true, description: 'From the short list; a reason (code or words) is required except when the booker withdraws a request not yet accepted' })
  reasonCode?: CancellationReasonCode | null;
}

@InputType()
export class OpenDisputeInput {
  @Field(() => ID)
  bookingId!: string;

  @Field(() => String, { description: 'Required; trimmed' })
  reason!: string;

  @Field(() => String, { nullable: true, description: 'Free text or a link' })
  evidence?: string | null;

  @Field(() => DisputeKind, { nullable: true, defaultValue: DisputeKind.GENERAL })
  kind?: DisputeKind | null;
}
