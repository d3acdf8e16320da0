import type { EntityManager } from '@mikro-orm/postgresql';
import { LedgerEntry, LedgerKind } from './ledger-entry.entity';

/** A booking's money as the ledger tells it (cents). Reversals are netted out. */
export interface LedgerTotals {
  captured: number;
  refunded: number;
  fee: number;
  allocated: number;
  transferred: number;
}

export const emptyTotals = (): LedgerTotals => ({ captured: 0, refunded: 0, fee: 0, allocated: 0, transferred: 0 });

/** Money captured and not yet decided: refunded, kept as fee or allocated to the creator. */
export const escrowOf = (t: LedgerTotals) => t.captured - t.refunded - t.fee - t.allocated;

export const untransferredOf = (t: LedgerTotals) => t.allocated - t.transferred;

const SIGNED: Record<LedgerKind, [keyof LedgerTotals, 1 | -1]> = {
  [LedgerKind.CAPTURE]: ['captured', 1],
  [LedgerKind.REFUND]: ['refunded', 1],
  [LedgerKind.FEE]: ['fee', 1],
  [LedgerKind.FEE_REVERSAL]: ['fee', -1],
  [LedgerKind.ALLOCATION]: ['allocated', 1],
  [LedgerKind.ALLOCATION_REVERSAL]: ['allocated', -1],
  [LedgerKind.TRANSFER]: ['transferred', 1],
};

/** One kind's sum over a booking's entries, as SQL returns it (bigint sums arrive as strings). */
export interface LedgerSum {
  kind: LedgerKind;
  amount: string | number;
}

export function totalsOfSums(sums: Iterable<LedgerSum>): LedgerTotals {
  const totals = emptyTotals();
  for (const s of sums) addTo(totals, s.kind, Number(s.amount));
  return totals;
}

function addTo(totals: LedgerTotals, kind: LedgerKind, amountCents: number): void {
  const [field, sign] = SIGNED[kind];
  totals[field] += sign * amountCents;
}

/**
 * Appends one movement. The idempotency key is unique in the table, so a step recorded twice
 * (a retried job, a replayed event) fails loudly instead of moving money twice on paper.
 * Zero amounts are not recorded.
 */
export function recordEntry(
  em: EntityManager,
  entry: { bookingId: string; kind: LedgerKind; amountCents: number; idempotencyKey: string; providerRef?: string | null; at: Date },
): void {
  if (entry.amountCents === 0) return;
  if (!Number.isInteger(entry.amountCents) || entry.amountCents < 0) {
    throw new Error(`Ledger amounts are positive whole cents (got ${entry.amountCents} for ${entry.idempotencyKey})`);
  }
  em.create(LedgerEntry, {
    bookingId: entry.bookingId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    idempotencyKey: entry.idempotencyKey,
    providerRef: entry.providerRef ?? null,
    createdAt: entry.at,
  });
}
