/**
 * Stripe's public test card numbers (https://docs.stripe.com/testing), so the local checkout
 * behaves like Stripe in test mode: a few numbers decline with Stripe's own messages, the
 * well-known success numbers authorize, and any other real-looking number is refused.
 */

export const CARD_MESSAGES = {
  invalidNumber: 'Your card number is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expiryInPast: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code is invalid.",
  notATestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.',
} as const;

const DECLINES: Record<string, string> = {
  '4000000000000002': CARD_MESSAGES.declined,
  '4000000000009995': CARD_MESSAGES.insufficientFunds,
  '4000000000009987': CARD_MESSAGES.declined, // lost card
  '4000000000009979': CARD_MESSAGES.declined, // stolen card
  '4000000000000069': CARD_MESSAGES.expired,
  '4000000000000127': CARD_MESSAGES.incorrectCvc,
  '4000000000000119': CARD_MESSAGES.processingError,
};

const APPROVED = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3056930009020004', // Diners Club
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
  '4000000000000077', // Visa: funds go straight to the available balance
]);

export interface CardInput {
  cardNumber: string;
  /** MM/YY or MM/YYYY; optional. */
  expiry?: string | null;
  cvc?: string | null;
}

export type CardCheck =
  | { kind: 'invalid'; message: string; field: 'cardNumber' | 'expiry' | 'cvc' }
  | { kind: 'declined'; message: string }
  | { kind: 'approved'; last4: string };

/** Validates the card like a card form would (400-type problems), then applies the test-card outcome. */
export function checkTestCard(input: CardInput, now: Date): CardCheck {
  const digits = input.cardNumber.replace(/ /g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) {
    return { kind: 'invalid', message: CARD_MESSAGES.invalidNumber, field: 'cardNumber' };
  }
  const expiry = input.expiry?.trim();
  if (expiry) {
    const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
    const month = m ? Number(m[1]) : 0;
    if (!m || month < 1 || month > 12) return { kind: 'invalid', message: CARD_MESSAGES.invalidExpiry, field: 'expiry' };
    const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    // A card is valid through the last day of its expiry month (UTC).
    if (Date.UTC(year, month, 1) <= now.getTime()) {
      return { kind: 'invalid', message: CARD_MESSAGES.expiryInPast, field: 'expiry' };
    }
  }
  const cvc = input.cvc?.trim();
  if (cvc && !/^\d{3,4}$/.test(cvc)) return { kind: 'invalid', message: CARD_MESSAGES.invalidCvc, field: 'cvc' };

  const decline = DECLINES[digits];
  if (decline) return { kind: 'declined', message: decline };
  if (!APPROVED.has(digits)) return { kind: 'declined', message: CARD_MESSAGES.notATestCard };
  return { kind: 'approved', last4: digits.slice(-4) };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
