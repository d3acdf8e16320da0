import { randomUUID } from 'node:crypto';
import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { BookingStatus, PaymentStatus, type Actor } from './process/booking.model';

/**
 * One applied move of a booking (Vendure's history entries): written by the transition runner in
 * the move's own transaction, never changed afterwards.
 */
@Entity({ tableName: 'booking_history' })
export class BookingHistoryEntry {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  bookingId!: string;

  /** The state machine's action (e.g. accept, cancel, auto_complete). */
  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  actor!: Actor;

  /** Who made the move; null for the system. */
  @Property({ type: 'uuid', nullable: true })
  actorUserId!: string | null;

  @Enum({ items: () => BookingStatus, columnType: 'text' })
  fromStatus!: BookingStatus;

  @Enum({ items: () => PaymentStatus, columnType: 'text' })
  fromPayment!: PaymentStatus;

  @Enum({ items: () => BookingStatus, columnType: 'text' })
  toStatus!: BookingStatus;

  @Enum({ items: () => PaymentStatus, columnType: 'text' })
  toPayment!: PaymentStatus;

  /** The money step of the move (capture, cancelAuthorization, settle, transfer, …); null when no money moved. */
  @Property({ type: 'text', nullable: true })
  moneyStep!: string | null;

  /** The cents the step moved (captured, refunded, transferred); null when none. */
  @Property({ type: 'integer', nullable: true })
  amountCents!: number | null;

  /** The booking's hours after the move (a reschedule's new hours). */
  @Property({ type: 'datetime' })
  startTime!: Date;

  @Property({ type: 'datetime' })
  endTime!: Date;

  /** The reason given with the move (a cancellation or decline reason, a dispute's statement, support's note). */
  @Property({ type: 'text', nullable: true })
  reason!: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
