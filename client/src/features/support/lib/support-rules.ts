import type { DisputeResolution } from '../../../gql/graphql';
import { dollarsToCents, formatCents } from '../../../shared/lib/money';

export const SUPPORT_MESSAGES = {
  resolved: 'Dispute resolved',
  resolveFailed: 'Failed to resolve dispute',
  warned: 'Warning recorded',
  warnFailed: 'Failed to warn user',
  warnReasonRequired: 'A warning needs a reason',
  decisionReasonRequired: 'A decision needs a reason (both parties see it)',
  auditFailed: 'Could not load the support log',
  auditEmpty: 'No support actions recorded here yet.',
  empty: 'No disputes here.',
  ticketsFailed: 'Could not load the tickets',
  ticketsEmpty: 'No tickets here.',
  ticketUpdateFailed: 'Could not change the ticket',
  searchTooShort: 'Type at least 2 characters of an e-mail or a name',
  lookupFailed: 'Could not look the account up',
  noAccount: 'No account matches.',
  /** Shown when a search answered as many accounts as it may (10, supportUserSearch): some may be left out. */
  searchLimitReached: 'The first 10 matches: type more of the e-mail or name to narrow them.',
} as const;

export const RESOLUTION_LABELS: Record<DisputeResolution, string> = {
  REFUND_FULL: 'Refunded in full',
  REFUND_PARTIAL: 'Partially refunded',
  RELEASE: 'Released to the creator',
};

/**
 * Reads a partial refund typed in dollars: more than 0 and less than what can still be refunded.
 * Returns the cents, or the message to show.
 */
export function parsePartialRefund(text: string, refundableCents: number): { cents: number } | { error: string } {
  const cents = dollarsToCents(text);
  const range = `Enter an amount between $0.01 and ${formatCents(refundableCents - 1)}`;
  if (cents === null) return { error: range };
  if (cents <= 0 || cents >= refundableCents) return { error: range };
  return { cents };
}
