import type { EntityManager } from '@mikro-orm/postgresql';
import type { Dispute } from '../dispute.entity';
import { ledgerSumsColumn, totalsOfSums, type LedgerSum, type LedgerTotals } from '../ledger';

/** A booking's dispute as cards and guards read it. */
export type DisputeRecord = Pick<
  Dispute,
  'id' | 'kind' | 'reason' | 'evidence' | 'respondentStatement' | 'openedBy' | 'resolution' | 'refundCents' | 'resolutionNote' | 'createdAt' | 'resolvedAt'
>;

/** What the state machine's guards (and a booking card) know of a booking beyond its own row. */
export interface BookingFacts {
  totals: LedgerTotals;
  dispute: DisputeRecord | null;
  /** Users who reviewed this booking (at most its two parties). */
  reviewerIds: string[];
}

/** The facts' columns as selected by `factsColumns`. */
export interface FactsColumns {
  sums: LedgerSum[];
  dispute: (Omit<DisputeRecord, 'createdAt' | 'resolvedAt'> & { createdAt: string; resolvedAt: string | null }) | null;
  reviewer_ids: string[];
}

/** The select list of a booking's facts, for the booking whose id is `bookingId` (a column reference). */
export const factsColumns = (bookingId: string) => `
  ${ledgerSumsColumn(bookingId)} as sums,
  (select json_build_object('id', d.id, 'kind', d.kind, 'reason', d.reason, 'evidence', d.evidence,
                            'respondentStatement', d.respondent_statement, 'openedBy', d.opened_by,
                            'resolution', d.resolution, 'refundCents', d.refund_cents,
                            'resolutionNote', d.resolution_note, 'createdAt', d.created_at, 'resolvedAt', d.resolved_at)
     from disputes d where d.booking_id = ${bookingId}) as dispute,
  array(select r.reviewer_id::text from reviews r where r.booking_id = ${bookingId}) as reviewer_ids`;

/** The facts of a row selected with `factsColumns`. */
export function factsOfRow(row: FactsColumns): BookingFacts {
  return {
    totals: totalsOfSums(row.sums),
    dispute: row.dispute && { ...row.dispute, createdAt: new Date(row.dispute.createdAt), resolvedAt: row.dispute.resolvedAt ? new Date(row.dispute.resolvedAt) : null },
    reviewerIds: row.reviewer_ids,
  };
}

/**
 * The ledger's totals, the dispute and the reviewers of many bookings in one statement (a list's
 * batched loader). A move reads them with its locked row, a live delivery with its card, both
 * through `factsColumns`.
 */
export async function readBookingFacts(em: EntityManager, bookingIds: readonly string[]): Promise<Map<string, BookingFacts>> {
  if (bookingIds.length === 0) return new Map();
  const rows: (FactsColumns & { id: string })[] = await em.execute(
    `select b.id, ${factsColumns('b.id')}
     from unnest(array[${bookingIds.map(() => '?').join(', ')}]::uuid[]) as b(id)`,
    [...bookingIds],
  );
  return new Map(rows.map((row) => [row.id, factsOfRow(row)]));
}
