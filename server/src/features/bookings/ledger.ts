import type { EntityManager } from '@mikro-orm/postgresql';
import { LedgerEntry, LedgerKind } from './ledger-entry.entity';
import type { BookingPolicy } from './process/booking.model';
import { splitRetained } from './process/policy';

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

/** A select-list expression: the booking's ledger sums per kind (`LedgerSum[]` as JSON) for the booking whose id is `bookingId` (a column reference). */
export const ledgerSumsColumn = (bookingId: string) =>
  `coalesce((select json_agg(l) from (select kind, sum(amount_cents)::bigint as amount from ledger_entries
                                     where booking_id = ${bookingId} group by kind) l), '[]')`;

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
  /** Where the recorded entry is listed (what a move recorded). */
  out?: RecordedEntry[],
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
  out?.push({ kind: entry.kind, amountCents: entry.amountCents, providerRef: entry.providerRef ?? null });
}

/** A booking's totals with the entries a move just recorded (not written yet) added: what the ledger holds after the move. */
export function totalsWith(stored: LedgerTotals, recorded: readonly RecordedEntry[]): LedgerTotals {
  const totals = { ...stored };
  for (const e of recorded) addTo(totals, e.kind, e.amountCents);
  return totals;
}

/** A ledger entry a move recorded. */
export interface RecordedEntry {
  kind: LedgerKind;
  amountCents: number;
  providerRef: string | null;
}

/** One ledger line with its booking's parties (exports and statements). */
export interface LedgerLine {
  bookingId: string;
  kind: LedgerKind;
  amountCents: number;
  providerRef: string | null;
  createdAt: Date;
  creatorProfileId: string;
  creatorUserId: string;
  creatorName: string;
  bookerUserId: string;
  bookerName: string | null;
}

/**
 * Ledger lines in [from, to), oldest first, of the bookings `userId` booked or sells (every
 * booking when absent), with the parties' names.
 */
export async function readLedgerLines(em: EntityManager, q: { from?: Date | null; to?: Date | null; userId?: string | null }): Promise<LedgerLine[]> {
  const rows = await em.execute<Record<string, unknown>[]>(
    `select l.booking_id, l.kind, l.amount_cents, l.provider_ref, l.created_at,
            s.id as creator_profile_id, s.user_id as creator_user_id, s.display_name as creator_name,
            b.booker_id, (select coalesce(bp.display_name, split_part(bu.email, '@', 1)) from users bu left join profiles bp on bp.user_id = bu.id where bu.id = b.booker_id) as booker_name
     from ledger_entries l join bookings b on b.id = l.booking_id join profiles s on s.id = b.streamer_id
     where (?::timestamptz is null or l.created_at >= ?) and (?::timestamptz is null or l.created_at < ?)
       and (?::uuid is null or b.booker_id = ? or s.user_id = ?)
     order by l.created_at, l.id`,
    [q.from ?? null, q.from ?? null, q.to ?? null, q.to ?? null, q.userId ?? null, q.userId ?? null, q.userId ?? null],
  );
  return rows.map((r) => ({
    bookingId: r.booking_id as string,
    kind: r.kind as LedgerKind,
    amountCents: Number(r.amount_cents),
    providerRef: (r.provider_ref as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    creatorProfileId: r.creator_profile_id as string,
    creatorUserId: r.creator_user_id as string,
    creatorName: r.creator_name as string,
    bookerUserId: r.booker_id as string,
    bookerName: (r.booker_name as string | null) ?? null,
  }));
}

/**
 * Every figure of a booking's money that people and partners are told, from its ledger totals (the
 * one function over the ledger: booking card, REST, events and what they become, documents).
 * `priceCents` is the booking's price, used only for what is not decided yet (a request's expected split).
 */
export interface MoneyFigures {
  /** The booking's price (hourly rate x hours), before any capture or refund. */
  priceCents: number;
  /** Captured from the booker's card (0 before the creator accepts). */
  chargedCents: number;
  /** Returned to the booker. */
  refundedCents: number;
  /** What the booker finally pays: charged less refunded (the price before any capture). */
  paidCents: number;
  /** The platform's fee on what the booker pays (decided, or expected while undecided). */
  feeCents: number;
  /** The creator's share (decided, or expected while undecided). */
  creatorCents: number;
  /** Transferred to the creator's payout account. */
  paidOutCents: number;
  /** Whether fee and creator share are decided in the ledger (false: expected from the split). */
  decided: boolean;
}

export function moneyFigures(totals: LedgerTotals, booking: { totalCents: number; policy: BookingPolicy }): MoneyFigures {
  const decided = totals.captured > 0 && escrowOf(totals) === 0;
  const paidCents = totals.captured > 0 ? totals.captured - totals.refunded : booking.totalCents;
  const expected = splitRetained(paidCents, booking.policy);
  return {
    priceCents: booking.totalCents,
    chargedCents: totals.captured,
    refundedCents: totals.refunded,
    paidCents,
    feeCents: decided ? totals.fee : expected.feeCents,
    creatorCents: decided ? totals.allocated : expected.creatorCents,
    paidOutCents: totals.transferred,
    decided,
  };
}

/**
 * The money figures of many bookings, read from the ledger now, in one statement (absent: no such
 * booking). Every channel that tells an amount (e-mail, bell, conversation line, webhook, documents'
 * e-mails) reads it through this when it renders, never from a copy carried in an event.
 */
export async function readMoneyFigures(em: EntityManager, bookingIds: readonly string[]): Promise<Map<string, MoneyFigures>> {
  const ids = [...new Set(bookingIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Map();
  const rows = await em.execute<{ id: string; total_cents: number; policy: BookingPolicy | string; sums: LedgerSum[] }[]>(
    `select b.id, b.total_cents, b.policy, ${ledgerSumsColumn('b.id')} as sums
       from bookings b where b.id = any(?::uuid[])`,
    [`{${ids.join(',')}}`],
  );
  return new Map(
    rows.map((r) => [r.id, moneyFigures(totalsOfSums(r.sums), { totalCents: Number(r.total_cents), policy: typeof r.policy === 'string' ? (JSON.parse(r.policy) as BookingPolicy) : r.policy })]),
  );
}
