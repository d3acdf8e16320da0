import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMoney } from '../../platform/shared/money';
import { platformFee } from './process/policy';
import type { BookingPolicy } from './process/booking.model';

/**
 * What a booking sells, line by line, snapshotted on the booking when it is made (issue 33): an
 * hourly booking has one line "N h × rate"; a package one line; a custom offer its own lines. The
 * booking's price is their sum, and so is what is captured; the fee is a share of what is retained.
 */
export type LineItemKind = 'hourly' | 'package' | 'custom';

export interface LineItem {
  label: string;
  quantity: number;
  unitPriceCents: number;
  kind: LineItemKind;
}

/** A line's amount: quantity × unit price. */
export const lineAmount = (l: Pick<LineItem, 'quantity' | 'unitPriceCents'>) => l.quantity * l.unitPriceCents;

/** The sum of the lines: the booking's price. */
export const linesTotal = (lines: readonly Pick<LineItem, 'quantity' | 'unitPriceCents'>[]) => lines.reduce((sum, l) => sum + lineAmount(l), 0);

/** An hourly booking's one line. */
export function hourlyLine(hours: number, rateCents: number): LineItem {
  return { label: `${hours} h × ${formatMoney(rateCents)}`, quantity: hours, unitPriceCents: rateCents, kind: 'hourly' };
}

/** The booking's price from its lines: total, platform fee (of the policy) and the creator's share. */
export function priceLines(lines: readonly LineItem[], policy: BookingPolicy) {
  const totalCents = linesTotal(lines);
  const feeCents = platformFee(totalCents, policy);
  return { totalCents, feeCents, creatorAmountCents: totalCents - feeCents };
}

/** The rows of `booking_line_items` for a new booking, in order. */
export const lineRows = (bookingId: string, lines: readonly LineItem[], newId: () => string) =>
  lines.map((l, position) => ({
    id: newId(),
    booking_id: bookingId,
    position,
    label: l.label,
    quantity: l.quantity,
    unit_price_cents: l.unitPriceCents,
    kind: l.kind,
  }));

/** Each booking's lines in order, one statement for many bookings. */
export async function readLineItems(em: EntityManager, bookingIds: readonly string[]): Promise<Map<string, LineItem[]>> {
  const byBooking = new Map<string, LineItem[]>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return byBooking;
  const rows = await em.execute<{ booking_id: string; label: string; quantity: number; unit_price_cents: number; kind: LineItemKind }[]>(
    'select booking_id, label, quantity, unit_price_cents, kind from booking_line_items where booking_id = any(?::uuid[]) order by booking_id, position',
    [`{${bookingIds.join(',')}}`],
  );
  for (const r of rows) byBooking.get(r.booking_id)?.push({ label: r.label, quantity: r.quantity, unitPriceCents: r.unit_price_cents, kind: r.kind });
  return byBooking;
}
