import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/core';

export enum LedgerKind {
  /** Money taken from the booker's card by the platform. */
  CAPTURE = 'capture',
  /** Money returned to the booker. */
  REFUND = 'refund',
  /** The platform's fee. */
  FEE = 'fee',
  /** A fee taken back into escrow (a dispute opened after completion). */
  FEE_REVERSAL = 'fee_reversal',
  /** The creator's share, earmarked once the collaboration is complete. */
  ALLOCATION = 'allocation',
  /** An allocation taken back into escrow (a dispute opened after completion). */
  ALLOCATION_REVERSAL = 'allocation_reversal',
  /** Money transferred to the creator's connected account. */
  TRANSFER = 'transfer',
}

/**
 * Append-only money movements. Per booking (reversals netted): captured = refunded + fee +
 * allocated once the money is decided (payment status not held/disputed), and
 * transferred <= allocated. The unique idempotency key means a step is never recorded twice.
 */
@Entity({ tableName: 'ledger_entries' })
export class LedgerEntry {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ type: 'uuid', index: true })
  bookingId!: string;

  @Enum({ items: () => LedgerKind })
  kind!: LedgerKind;

  @Property()
  amountCents!: number;

  @Property({ type: 'text', nullable: true })
  providerRef?: string | null;

  @Property({ type: 'text', unique: true })
  idempotencyKey!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
