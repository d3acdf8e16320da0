import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BookingCheckout } from '../bookings';

export enum OfferStatusType {
  PENDING = 'pending',
  ACCEPTED = 'accepted',
  DECLINED = 'declined',
  COUNTERED = 'countered',
  WITHDRAWN = 'withdrawn',
  EXPIRED = 'expired',
}
registerEnumType(OfferStatusType, { name: 'OfferStatus', description: 'countered: answered with a new version (see the next card)' });

export enum OfferActionType {
  ACCEPT = 'accept',
  DECLINE = 'decline',
  COUNTER = 'counter',
  WITHDRAW = 'withdraw',
  PAY = 'pay',
}
registerEnumType(OfferActionType, { name: 'OfferAction', description: 'What the viewer may do with an offer now' });

@ObjectType('OfferItem')
export class OfferItemType {
  @Field(() => String)
  label!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  unitPriceCents!: number;

  @Field(() => Int, { description: 'quantity x unit price' })
  totalCents!: number;
}

@ObjectType('Offer', { description: 'A custom offer in a conversation. Money in cents.' })
export class OfferType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  conversationId!: string;

  @Field(() => ID, { description: 'The negotiation: the first version’s id' })
  rootId!: string;

  @Field(() => Int)
  version!: number;

  @Field(() => OfferStatusType)
  status!: string;

  @Field(() => ID)
  senderUserId!: string;

  @Field(() => String, { description: 'creator or client' })
  senderRole!: string;

  @Field(() => ID)
  recipientUserId!: string;

  @Field(() => [OfferItemType])
  items!: OfferItemType[];

  @Field(() => Int)
  totalCents!: number;

  @Field(() => Date, { nullable: true })
  startTime!: Date | null;

  @Field(() => Date, { nullable: true })
  endTime!: Date | null;

  @Field(() => Date, { nullable: true })
  dueAt!: Date | null;

  @Field(() => Date)
  expiresAt!: Date;

  @Field(() => Int)
  revisionsIncluded!: number;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => ID, { nullable: true, description: 'The booking of the brand’s checkout' })
  bookingId!: string | null;

  @Field(() => Date, { nullable: true })
  respondedAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => [OfferActionType])
  availableActions!: string[];
}

@ObjectType('AcceptOfferResult', { description: 'The accepted offer; for the brand, the checkout to pay (like createBookingCheckout)' })
export class AcceptOfferResultType {
  @Field(() => OfferType)
  offer!: OfferType;

  @Field(() => BookingCheckout, { nullable: true })
  checkout!: BookingCheckout | null;
}

@InputType()
export class OfferItemInput {
  @Field(() => String)
  label!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  unitPriceCents!: number;
}

@InputType({ description: 'An offer’s terms: line items, a time (startTime and endTime) or a due date, an expiry (default 72 h)' })
export class OfferTermsInput {
  @Field(() => [OfferItemInput])
  items!: OfferItemInput[];

  @Field(() => Date, { nullable: true })
  startTime?: Date | null;

  @Field(() => Date, { nullable: true })
  endTime?: Date | null;

  @Field(() => Date, { nullable: true })
  dueAt?: Date | null;

  @Field(() => Date, { nullable: true })
  expiresAt?: Date | null;

  @Field(() => Int, { nullable: true })
  revisionsIncluded?: number | null;

  @Field(() => String, { nullable: true })
  note?: string | null;
}
