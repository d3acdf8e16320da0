import { z } from 'zod';
import { BookingStatus, CANCELLATION_REASON_CODES, type CancellationReasonCode } from './process/booking.model';

/** Validation of booking input, shared by GraphQL and REST because the services apply it. */

const instant = (field: string) =>
  z
    .union([z.date(), z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time` })], { error: `${field} is required` })
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), `${field} must be an ISO date-time`);

const id = (field: string) => z.uuid({ error: `${field} must be a valid id` });

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const CheckoutSchema = z.object({
  creatorId: id('creatorId'),
  availabilitySlotId: id('availabilitySlotId').nullish(),
  startTime: instant('startTime'),
  endTime: instant('endTime'),
  bookingDetails: optionalText('bookingDetails', 2000),
  idempotencyKey: z.string().trim().min(1).max(255, 'Idempotency-Key must be at most 255 characters').nullish(),
});
export type CheckoutInput = z.input<typeof CheckoutSchema>;

export const VerifyPaymentSchema = z
  .object({
    paymentIntentId: z.string().trim().min(1).max(255).nullish(),
    sessionId: z.string().trim().min(1).max(255).nullish(),
    bookingId: id('bookingId').nullish(),
  })
  .refine((v) => v.paymentIntentId || v.sessionId || v.bookingId, { message: 'paymentIntentId or booking_id is required', path: ['paymentIntentId'] });
export type VerifyPaymentInput = z.input<typeof VerifyPaymentSchema>;

export const BookingIdSchema = z.object({ bookingId: id('booking_id') });

export const CancelSchema = z
  .object({
    bookingId: id('booking_id'),
    reason: optionalText('reason', 1000),
    reasonCode: z
      .enum(CANCELLATION_REASON_CODES as [CancellationReasonCode, ...CancellationReasonCode[]], { error: `reasonCode must be one of ${CANCELLATION_REASON_CODES.join(', ')}` })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.reasonCode !== 'other' || v.reason, { message: 'reason: say why when the reason is "other"', path: ['reason'] });
export type CancelInput = z.input<typeof CancelSchema>;

export const DisputeSchema = z.object({
  bookingId: id('booking_id'),
  reason: z
    .string({ error: 'Dispute reason is required' })
    .trim()
    .min(1, 'Dispute reason is required')
    .max(2000, 'Dispute reason must be at most 2000 characters'),
  evidence: optionalText('evidence', 4000),
  kind: z.enum(['general', 'creator_no_show'], { error: 'kind must be GENERAL or CREATOR_NO_SHOW' }).nullish(),
});
export type DisputeInput = z.input<typeof DisputeSchema>;

export const StatusChangeSchema = z.object({
  bookingId: id('id'),
  status: z.string({ error: 'status is required' }).trim().toLowerCase(),
});

/** The list filter (GraphQL enums or REST query strings; "all" or empty means no filter). */
export const ListFilterSchema = z.object({
  status: z
    .preprocess(
      (v) => (v === '' || v === 'all' || v === 'ALL' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(BookingStatus, { error: 'status must be one of pending, confirmed, completed, auto_completed, cancelled, disputed' }),
    )
    .nullish(),
  role: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['booker', 'creator'], { error: 'role must be BOOKER or CREATOR' }))
    .nullish(),
  group: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['upcoming', 'requests', 'past', 'cancelled'], { error: 'group must be UPCOMING, REQUESTS, PAST or CANCELLED' }))
    .nullish(),
});
