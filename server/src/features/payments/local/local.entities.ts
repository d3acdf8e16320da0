import { BigIntType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { AuthorizationStatus } from '../payment-provider';

/**
 * The local payment provider's own books (tables prefixed `local_`). They stand in for the
 * provider's systems, so nothing in the app reads them except the local adapter.
 */

@Entity({ tableName: 'local_payment_intents' })
export class LocalPaymentIntent {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  status!: AuthorizationStatus;

  @Property()
  amountCents!: number;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text' })
  clientSecret!: string;

  @Property()
  capturedCents!: number;

  @Property()
  refundedCents!: number;

  @Property({ type: 'text', nullable: true })
  bookingId?: string | null;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'json' })
  metadata!: Record<string, string>;

  @Property({ type: 'text', nullable: true })
  lastPaymentError?: string | null;

  @Property({ type: 'text', nullable: true })
  cardLast4?: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}

@Entity({ tableName: 'local_refunds' })
export class LocalRefund {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', index: true })
  paymentIntentId!: string;

  @Property()
  amountCents!: number;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}

@Entity({ tableName: 'local_accounts' })
export class LocalAccount {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  kind!: 'creator' | 'brand';

  @Property()
  onboardingComplete!: boolean;

  @Property()
  chargesEnabled!: boolean;

  @Property()
  payoutsEnabled!: boolean;

  /** Transferred to this account and not yet paid out. */
  @Property()
  balanceCents!: number;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}

/** A single-use, expiring onboarding link (like Stripe's AccountLink). */
@Entity({ tableName: 'local_account_links' })
export class LocalAccountLink {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', index: true })
  accountId!: string;

  @Property({ type: 'text' })
  returnUrl!: string;

  @Property({ type: 'text' })
  refreshUrl!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}

@Entity({ tableName: 'local_transfers' })
@Index({ properties: ['accountId', 'payoutId'] })
export class LocalTransfer {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property()
  amountCents!: number;

  /** Stripe's transfer_group: the booking id. */
  @Property({ type: 'text' })
  bookingId!: string;

  @Property({ type: 'text', nullable: true })
  payoutId?: string | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}

@Entity({ tableName: 'local_payouts' })
export class LocalPayout {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text', index: true })
  accountId!: string;

  @Property()
  amountCents!: number;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}

/** (operation, idempotency key) → the first result, so a retried call moves no money again. */
@Entity({ tableName: 'local_idempotency_keys' })
export class LocalIdempotencyKey {
  @PrimaryKey({ type: 'text' })
  operation!: string;

  @PrimaryKey({ type: 'text' })
  idempotencyKey!: string;

  /** Hash of the parameters: the same key with other parameters is refused. */
  @Property({ type: 'text' })
  requestHash!: string;

  @Property({ type: 'json', nullable: true })
  result?: unknown;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}

/** The platform's available balance (one row). */
@Entity({ tableName: 'local_platform_balance' })
export class LocalPlatformBalance {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: new BigIntType('number') })
  availableCents!: number;

  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
