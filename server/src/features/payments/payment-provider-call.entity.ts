import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Every call the app made to the payment provider (append-only), so tests and audits can prove
 * that no money call was repeated under a new idempotency key.
 */
@Entity({ tableName: 'payment_provider_calls' })
@Index({ properties: ['bookingId', 'operation'] })
export class PaymentProviderCall {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  provider!: string;

  @Property({ type: 'text' })
  operation!: string;

  /** The booking the call was for (given, or found through the payment intent). */
  @Property({ type: 'text', nullable: true })
  bookingId?: string | null;

  /** The intent, account or other provider object the call acted on. */
  @Property({ type: 'text', nullable: true, index: true })
  targetId?: string | null;

  @Property({ type: 'text', nullable: true })
  idempotencyKey?: string | null;

  @Property({ type: 'integer', nullable: true })
  amountCents?: number | null;

  /** `ok` or `error`. */
  @Property({ type: 'text' })
  outcome!: string;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
