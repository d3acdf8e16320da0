import { formatMoney } from '../../platform/shared/money';
import type { MoneyFigures } from './ledger';

/**
 * A booking event's cancellation in words, for whoever reads it (the bell, the thread's line, the
 * e-mail): who cancelled, why, and what it means for the reader's money. The amounts are the
 * ledger's figures read when the channel renders (`readMoneyFigures`), never the event's. One
 * wording for every channel.
 */
export interface CancellationWords {
  /** "Nova Stream cancelled", "You cancelled", "Support cancelled", "The request expired". */
  who: string;
  /** The reason given (the words, else the label of its code); null when none. */
  why: string | null;
  /** For the reader: "$25.00 is refunded to your card", "You keep $22.50"…; both sides when the reader is neither. */
  money: string;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function cancellationWords(payload: object, readerUserId: string | null, money: MoneyFigures | null): CancellationWords {
  const p = payload as Record<string, unknown>;
  const booker = str(p.bookerName) ?? 'The client';
  const creator = str(p.creatorName) ?? 'The creator';
  const by = str(p.cancelledBy);
  const readerIsBooker = readerUserId !== null && readerUserId === p.bookerUserId;
  const readerIsCreator = readerUserId !== null && readerUserId === p.creatorUserId;
  const mine = (by === 'booker' && readerIsBooker) || (by === 'creator' && readerIsCreator);
  const who = mine
    ? 'You cancelled'
    : by === 'booker'
      ? `${booker} cancelled`
      : by === 'creator'
        ? `${creator} cancelled`
        : by === 'support'
          ? 'CollabHub support cancelled'
          : by === 'system'
            ? 'The request lapsed and was cancelled'
            : 'The booking was cancelled';
  const charged = money?.chargedCents ?? 0;
  const refund = money?.refundedCents ?? 0;
  const creatorShare = money?.creatorCents ?? 0;
  const forBooker =
    charged === 0
      ? 'You were not charged: the hold on your card is released'
      : refund >= charged
        ? `${formatMoney(refund)} is refunded to your card in full`
        : `${formatMoney(refund)} is refunded to your card; ${formatMoney(charged - refund)} is kept under the cancellation policy`;
  const forCreator = charged > 0 && creatorShare > 0 ? `You keep ${formatMoney(creatorShare)}` : 'Nothing is paid out to you for it';
  const both = charged === 0 ? 'Nothing was charged' : `Refund ${formatMoney(refund)}; the creator keeps ${formatMoney(creatorShare)}`;
  return { who, why: str(p.reason), money: readerIsBooker ? forBooker : readerIsCreator ? forCreator : both };
}

/** One line: "Nova Stream cancelled (Schedule conflict). $50.00 is refunded to your card in full." */
export function cancellationSentence(p: object, readerUserId: string | null, money: MoneyFigures | null): string {
  const w = cancellationWords(p, readerUserId, money);
  return `${w.who}${w.why ? ` (${w.why})` : ''}. ${w.money}.`;
}
