import { z } from 'zod';
import { DisputeResolution } from '../bookings';

/** Validation of support actions, shared by GraphQL and REST because the service applies it. */

const id = (field: string) => z.uuid({ error: `${field} must be a valid id` });

export const DisputeListSchema = z.object({
  status: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['open', 'resolved', 'all'], { error: 'status must be OPEN, RESOLVED or ALL' }))
    .default('open'),
});

export const ResolveDisputeSchema = z.object({
  disputeId: id('disputeId'),
  resolution: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(DisputeResolution, { error: 'resolution must be REFUND_FULL, REFUND_PARTIAL or RELEASE' }),
  ),
  refundCents: z.number({ error: 'refundCents must be a whole number of cents' }).int('refundCents must be a whole number of cents').nullish(),
  // Support says why (both parties read it in their account activity and the audit log keeps it).
  note: z
    .string({ error: 'a decision needs a reason (both parties see it)' })
    .trim()
    .min(1, 'note: a decision needs a reason (both parties see it)')
    .max(2000, 'note must be at most 2000 characters'),
});
/** As transports hand it over: a missing note is refused by the schema, naming `note`. */
export type ResolveDisputeInput = Omit<z.input<typeof ResolveDisputeSchema>, 'note'> & { note?: string | null };

export const WarnUserSchema = z.object({
  userId: id('userId'),
  reason: z.string({ error: 'A warning needs a reason' }).trim().min(1, 'A warning needs a reason').max(2000, 'reason must be at most 2000 characters'),
  bookingId: id('bookingId').nullish(),
});
export type WarnUserInput = z.input<typeof WarnUserSchema>;

export const DisputeStatementSchema = z.object({
  disputeId: id('disputeId'),
  statement: z.string({ error: 'A statement is required' }).trim().min(1, 'A statement is required').max(4000, 'statement must be at most 4000 characters'),
});
export type DisputeStatementInput = z.input<typeof DisputeStatementSchema>;

/** At most this many accounts answer one search. */
export const USER_SEARCH_LIMIT = 10;

export const UserSearchSchema = z.object({
  query: z
    .string({ error: 'query must be part of an e-mail or a name' })
    .trim()
    .min(2, 'query: type at least 2 characters of an e-mail or a name')
    .max(100, 'query: at most 100 characters'),
});

export const UserLookupSchema = z.object({
  email: z.string({ error: 'email must be an e-mail address' }).trim().pipe(z.email({ error: 'email must be an e-mail address' })),
});
