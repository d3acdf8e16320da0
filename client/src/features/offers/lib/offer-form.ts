import type { OfferCard_OfferFragment, OfferTermsInput } from '../../../gql/graphql';
import { dollarsToCents } from '../../../shared/lib/money';
import { dayKeyOf, zonedInstant, type DayKey } from '../../../shared/lib/zoned-time';

/** One line of the offer form, as typed (the price in dollars). */
export interface OfferDraftItem {
  label: string;
  quantity: string;
  price: string;
}

/** The offer form as typed: its lines, a due date or a time (day, start, hours), how long it stays open, a note. */
export interface OfferDraft {
  items: OfferDraftItem[];
  mode: 'due' | 'time';
  dueDate: string;
  startDate: string;
  startTime: string;
  hours: string;
  expiryHours: string;
  note: string;
}

export const EXPIRY_CHOICES = ['24', '48', '72', '168'] as const;

export const emptyItem = (): OfferDraftItem => ({ label: '', quantity: '1', price: '' });

export function emptyDraft(): OfferDraft {
  return { items: [emptyItem()], mode: 'due', dueDate: '', startDate: '', startTime: '18:00', hours: '1', expiryHours: '72', note: '' };
}

/** A line's amount in cents, or null while it is not a valid line. */
export function itemCents(item: OfferDraftItem): number | null {
  const q = Number(item.quantity);
  const price = dollarsToCents(item.price);
  if (!Number.isInteger(q) || q < 1 || price === null) return null;
  return q * price;
}

/** The offer's total in cents: the sum of its valid lines. */
export const draftTotal = (items: readonly OfferDraftItem[]) => items.reduce((sum, i) => sum + (itemCents(i) ?? 0), 0);

/** The form as the API's terms, or the first problem in words (naming the line or field). */
export function toOfferInput(draft: OfferDraft, zone: string): { input: OfferTermsInput } | { error: string } {
  if (draft.items.length === 0) return { error: 'Add at least one line' };
  const items: OfferTermsInput['items'] = [];
  for (const [i, item] of draft.items.entries()) {
    const n = i + 1;
    if (!item.label.trim()) return { error: `Line ${n}: say what it is` };
    const q = Number(item.quantity);
    if (!Number.isInteger(q) || q < 1) return { error: `Line ${n}: the quantity is a whole number from 1` };
    const price = dollarsToCents(item.price);
    if (price === null) return { error: `Line ${n}: the price is an amount in dollars, e.g. 150 or 149.99` };
    items.push({ label: item.label.trim(), quantity: q, unitPriceCents: price });
  }
  if (draftTotal(draft.items) <= 0) return { error: 'The offer must cost something' };
  const expiresIn = Number(draft.expiryHours);
  const base = { items, note: draft.note.trim() || null, expiresAt: new Date(Date.now() + expiresIn * 3_600_000).toISOString() };
  if (draft.mode === 'due') {
    if (!draft.dueDate) return { error: 'Pick a due date' };
    return { input: { ...base, dueAt: zonedInstant(draft.dueDate as DayKey, '23:59', zone).toISOString() } };
  }
  if (!draft.startDate || !draft.startTime) return { error: 'Pick a day and a start time' };
  const hours = Number(draft.hours);
  if (!Number.isInteger(hours) || hours < 1 || hours > 8) return { error: 'The live part lasts 1 to 8 whole hours' };
  const start = zonedInstant(draft.startDate as DayKey, draft.startTime, zone);
  const end = new Date(start.getTime() + hours * 3_600_000);
  // An offer never stays open past its start.
  const expiresAt = new Date(Math.min(Date.parse(base.expiresAt), start.getTime())).toISOString();
  return { input: { ...base, expiresAt, startTime: start.toISOString(), endTime: end.toISOString() } };
}

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** A counter starts from the offer it answers. */
export function draftFromOffer(offer: Pick<OfferCard_OfferFragment, 'items' | 'startTime' | 'endTime' | 'dueAt' | 'note'>, zone: string): OfferDraft {
  const draft = emptyDraft();
  draft.items = offer.items.map((i) => ({ label: i.label, quantity: String(i.quantity), price: dollars(i.unitPriceCents) }));
  draft.note = offer.note ?? '';
  if (offer.startTime && offer.endTime) {
    draft.mode = 'time';
    draft.startDate = dayKeyOf(offer.startTime, zone);
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(offer.startTime));
    draft.startTime = `${parts.find((p) => p.type === 'hour')?.value}:${parts.find((p) => p.type === 'minute')?.value}`;
    draft.hours = String(Math.round((Date.parse(offer.endTime) - Date.parse(offer.startTime)) / 3_600_000));
  } else if (offer.dueAt) {
    draft.dueDate = dayKeyOf(offer.dueAt, zone);
  }
  return draft;
}
