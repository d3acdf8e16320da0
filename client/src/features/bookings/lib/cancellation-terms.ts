import { formatDeadline } from '../../../shared/lib/zoned-time';

/** The server's cancellation rule (`CancellationTerms`): the screens word it, the numbers come from the policy. */
export interface Terms {
  freeUntil: string;
  lateKeptPercent: number;
}

/**
 * The cancellation rule in one line, with the exact deadline in the viewer's zone:
 * "Free cancellation until Tue, Nov 24, 12:00 PM CET; after that 50 % is kept." When that moment has
 * passed already, only the withdrawal of a request the creator has not accepted yet is free.
 */
export function cancellationPolicyLine(terms: Terms, zone: string, now: Date = new Date()): string {
  const kept = `${terms.lateKeptPercent} %`;
  if (new Date(terms.freeUntil).getTime() > now.getTime()) {
    return `Free cancellation until ${formatDeadline(terms.freeUntil, zone)}; after that ${kept} is kept.`;
  }
  return `Free to withdraw until the creator accepts; after that ${kept} is kept if you cancel.`;
}
