import { randomUUID } from 'node:crypto';
import { Entity, Enum, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Profile } from '../profiles';
import { User } from '../users';
import { BookingStatus, PaymentStatus, type Actor, type BookingPolicy, type CancellationReasonCode, type PendingMoneyStep } from './process/booking.model';

/**
 * A booking (spec §3). The code calls the profile side "creator"; the columns keep the spec's data-model names
 * (`streamer_id`, `streamer_amount_cents`, `streamer_confirmed`) through `fieldName`, so raw SQL and the spec agree.
 */
@Entity({ tableName: 'bookings' })
export class Booking {
  [OptionalProps]?:
    | 'status' | 'paymentStatus' | 'bookingDetails' | 'creatorConfirmed' | 'bookerConfirmed' | 'refundCents'
    | 'createdAt' | 'updatedAt' | 'version';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Profile, { ref: true, fieldName: 'streamer_id', index: true })
  creator!: Ref<Profile>;

  @ManyToOne(() => User, { ref: true, fieldName: 'booker_id', index: true })
  booker!: Ref<User>;

  @Property({ type: 'datetime' })
  startTime!: Date;

  @Property({ type: 'datetime' })
  endTime!: Date;

  /** 0 for a booking without hours (an asynchronous package or offer, due at `dueAt`). */
  @Property()
  totalHours!: number;

  /** An asynchronous booking's due date (its range is the empty `[due, due)`); null for a booking of hours. */
  @Property({ type: 'datetime', nullable: true })
  dueAt?: Date | null;

  /** The package bought (its terms are snapshotted in the line items and `revisionsIncluded`). */
  @Property({ type: 'uuid', nullable: true })
  packageId?: string | null;

  /** The custom offer accepted: both sides agreed, so the request is accepted once the money is held. */
  @Property({ type: 'uuid', nullable: true })
  offerId?: string | null;

  @Property()
  hourlyRateCents!: number;

  @Property()
  totalCents!: number;

  @Property()
  feeCents!: number;

  /** The creator's share: total - fee. */
  @Property({ fieldName: 'streamer_amount_cents' })
  creatorAmountCents!: number;

  @Enum({ items: () => BookingStatus })
  status: BookingStatus = BookingStatus.PENDING;

  @Enum({ items: () => PaymentStatus })
  paymentStatus: PaymentStatus = PaymentStatus.UNPAID;

  @Property({ type: 'text', nullable: true })
  bookingDetails?: string | null;

  @Property({ fieldName: 'streamer_confirmed' })
  creatorConfirmed: boolean = false;

  @Property()
  bookerConfirmed: boolean = false;

  /** end + confirmation window: disputes close and auto-completion happens then. */
  @Property({ type: 'datetime' })
  confirmationDeadline!: Date;

  /**
   * How many times the booker may ask for changes to a delivery (features/deliveries); a package's or an offer's
   * number, snapshotted when the booking is made. Null: the product's default (DELIVERY_DEFAULT_REVISIONS).
   */
  @Property({ type: 'smallint', nullable: true })
  revisionsIncluded?: number | null;

  @Property({ type: 'text', nullable: true })
  cancellationReason?: string | null;

  @Property({ type: 'uuid', nullable: true })
  cancelledBy?: string | null;

  /** Which side cancelled: booker, creator, support or system (an expiry). */
  @Property({ type: 'text', nullable: true })
  cancelledByRole?: Actor | null;

  /** The reason's code from the short list (CANCELLATION_REASONS), when one was given. */
  @Property({ type: 'text', nullable: true })
  cancellationCode?: CancellationReasonCode | null;

  @Property({ type: 'datetime', nullable: true })
  cancelledAt?: Date | null;

  /** Cents refunded to the booker (spec: refund_amount in cents). */
  @Property()
  refundCents: number = 0;

  @Property({ type: 'json' })
  policy!: BookingPolicy;

  /** Payment provider's authorization (PaymentIntent) id. */
  @Property({ type: 'text', nullable: true, unique: true })
  paymentIntentId?: string | null;

  /** Client-supplied key: a retried checkout returns the same booking. */
  @Property({ type: 'text', nullable: true })
  idempotencyKey?: string | null;

  @Property({ type: 'datetime' })
  checkoutExpiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  authorizedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  acceptedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  completedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  allocatedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  releasedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  paidOutAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  transferId?: string | null;

  /**
   * A transition whose payment provider call is in flight (claimed, not yet recorded): other moves
   * of this booking wait for it; one left behind by a crash is finished later (process/recovery.ts).
   */
  @Property({ type: 'json', nullable: true })
  moneyStep?: PendingMoneyStep | null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ version: true })
  version: number = 1;
}
