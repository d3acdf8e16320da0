import { z } from 'zod';

/** Validation of payments input; shared by GraphQL and REST because the service applies it. */

export const TEST_FUNDS_DEFAULT_CENTS = 50_000;
export const TEST_FUNDS_MAX_CENTS = 1_000_000;

export const AddTestFundsSchema = z.object({
  amount: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(1, `amount must be between 1 and ${TEST_FUNDS_MAX_CENTS} cents`)
    .max(TEST_FUNDS_MAX_CENTS, `amount must be between 1 and ${TEST_FUNDS_MAX_CENTS} cents`)
    .nullish()
    .transform((v) => v ?? TEST_FUNDS_DEFAULT_CENTS),
});

export const CreateConnectAccountSchema = z.object({
  returnUrl: z.string({ error: 'returnUrl must be a string' }).trim().max(2000, 'returnUrl is too long').nullish(),
  /** Two-step sign-in's fresh code (checked by services.auth). */
  code: z.unknown().optional(),
});

const paymentIntentId = z
  .string({ error: 'paymentIntentId is required' })
  .trim()
  .min(1, 'paymentIntentId is required')
  .max(255, 'paymentIntentId is too long');

export const PaymentIntentIdSchema = z.object({ paymentIntentId });

/** Card fields answer with the card form's own messages, whatever the JSON type sent. */
const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : v == null ? v : '');
const cardField = (incomplete: string, invalid: string, max: number) =>
  z.preprocess(asText, z.string().min(1, incomplete).max(max, invalid).nullish());

export const ConfirmLocalPaymentSchema = z.object({
  paymentIntentId,
  cardNumber: z.preprocess((v) => asText(v) ?? '', z.string().min(1, 'Your card number is incomplete.').max(40, 'Your card number is invalid.')),
  expiry: cardField("Your card's expiration date is incomplete.", "Your card's expiration date is invalid.", 10),
  cvc: cardField("Your card's security code is incomplete.", "Your card's security code is invalid.", 10),
  clientSecret: z.string({ error: 'must be a string' }).max(255, 'clientSecret is too long').nullish(),
});

export type AddTestFundsInput = z.input<typeof AddTestFundsSchema>;
export type CreateConnectAccountInput = z.input<typeof CreateConnectAccountSchema>;
export type ConfirmLocalPaymentInput = z.input<typeof ConfirmLocalPaymentSchema>;
