import { addDays, todayIn, zonedInstant, type DayKey } from '../../../shared/lib/zoned-time';

/**
 * The ledger export's range as a person picks it: two calendar days in their own zone, both
 * included ("from June 1 to June 30" holds the 30th). The API takes instants, `from` inclusive and
 * `to` exclusive, so `to` is the start of the day after the last one chosen.
 */
export function ledgerExportUrl(from: DayKey, to: DayKey, zone: string): string {
  const start = zonedInstant(from, '00:00', zone).toISOString();
  const end = zonedInstant(addDays(to, 1), '00:00', zone).toISOString();
  return `/api/v1/ledger/export?from=${encodeURIComponent(start)}&to=${encodeURIComponent(end)}`;
}

/** The range offered first: this month so far, today included. */
export function defaultExportRange(zone: string, now: Date = new Date()): { from: DayKey; to: DayKey } {
  const today = todayIn(zone, now);
  return { from: `${today.slice(0, 8)}01` as DayKey, to: today };
}

/** A range the API accepts: both days given and the first not after the last; else what is wrong, naming the field. */
export function exportRangeProblem(from: string, to: string): string | null {
  if (!from) return 'From: choose the first day';
  if (!to) return 'To: choose the last day';
  if (from > to) return 'From must be on or before To';
  return null;
}
