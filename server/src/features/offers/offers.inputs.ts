import { z } from 'zod';
import { MAX_BOOKING_HOURS } from '../bookings';

export const OFFER_LIMITS = {
  items: 20,
  label: 200,
  maxQuantity: 1000,
  maxUnitPriceCents: 10_000_000,
  maxTotalCents: 10_000_000,
  note: 2000,
  defaultExpiryHours: 72,
  maxExpiryDays: 30,
  maxRevisions: 10,
} as const;

const instant = (field: string) =>
  z
    .union([z.date(), z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time` })], { error: `${field} must be an ISO date-time` })
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), `${field} must be an ISO date-time`)
    .nullish()
    .transform((v) => v ?? null);

const ItemSchema = z.object({
  label: z.string({ error: 'items.label is required' }).trim().min(1, 'items.label is required').max(OFFER_LIMITS.label, `items.label must be at most ${OFFER_LIMITS.label} characters`),
  quantity: z
    .number({ error: 'items.quantity must be a whole number' })
    .int('items.quantity must be a whole number')
    .min(1, 'items.quantity must be at least 1')
    .max(OFFER_LIMITS.maxQuantity, `items.quantity must be at most ${OFFER_LIMITS.maxQuantity}`),
  unitPriceCents: z
    .number({ error: 'items.unit_price_cents must be whole cents' })
    .int('items.unit_price_cents must be whole cents')
    .min(0, 'items.unit_price_cents cannot be negative')
    .max(OFFER_LIMITS.maxUnitPriceCents, `items.unit_price_cents must be at most ${OFFER_LIMITS.maxUnitPriceCents}`),
});

/** An offer's terms (a new offer and a counter alike); time rules that need the clock are checked by the service. */
export const OfferTermsSchema = z
  .object({
    items: z
      .array(ItemSchema, { error: 'items must be a list of { label, quantity, unit_price_cents }' })
      .min(1, 'items: add at least one line')
      .max(OFFER_LIMITS.items, `items: at most ${OFFER_LIMITS.items} lines`),
    startTime: instant('start_time'),
    endTime: instant('end_time'),
    dueAt: instant('due_at'),
    expiresAt: instant('expires_at'),
    revisionsIncluded: z
      .number({ error: 'revisions_included must be a whole number' })
      .int('revisions_included must be a whole number')
      .min(0, 'revisions_included cannot be negative')
      .max(OFFER_LIMITS.maxRevisions, `revisions_included must be at most ${OFFER_LIMITS.maxRevisions}`)
      .nullish()
      .transform((v) => v ?? 1),
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(OFFER_LIMITS.note, `note must be at most ${OFFER_LIMITS.note} characters`)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    const total = v.items.reduce((s, i) => s + i.quantity * i.unitPriceCents, 0);
    if (total <= 0) ctx.addIssue({ code: 'custom', path: ['items'], message: 'items: the offer must cost something (the total is 0)' });
    if (total > OFFER_LIMITS.maxTotalCents) ctx.addIssue({ code: 'custom', path: ['items'], message: `items: the total must be at most ${OFFER_LIMITS.maxTotalCents} cents` });
    if ((v.startTime === null) !== (v.endTime === null)) {
      ctx.addIssue({ code: 'custom', path: [v.startTime ? 'endTime' : 'startTime'], message: 'start_time and end_time go together' });
    } else if (v.startTime && v.endTime) {
      const hours = (v.endTime.getTime() - v.startTime.getTime()) / 3_600_000;
      if (!Number.isInteger(hours) || hours < 1 || hours > MAX_BOOKING_HOURS) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: `end_time: a live part lasts 1 to ${MAX_BOOKING_HOURS} whole hours after start_time` });
      }
    } else if (!v.dueAt) {
      ctx.addIssue({ code: 'custom', path: ['dueAt'], message: 'Give a time (start_time and end_time) or a due date (due_at)' });
    }
  });

export type OfferTerms = z.output<typeof OfferTermsSchema>;
export type OfferTermsInput = z.input<typeof OfferTermsSchema>;
