/** One line a person reads in the inbox for a notification (names only: times are shown by the client in the reader's zone). */
export function notificationText(type: string, payload: Record<string, unknown>): string {
  const creator = str(payload.creatorName) ?? 'The creator';
  const booker = str(payload.bookerName) ?? 'A client';
  const cents = (v: unknown) => (typeof v === 'number' ? `$${(v / 100).toFixed(2)}` : null);
  switch (type) {
    case 'booking.created':
      return `New booking request from ${booker}`;
    case 'booking.expiring':
      return `The request from ${booker} expires in 24 hours`;
    case 'booking.confirmed':
      return `${creator} accepted your booking`;
    case 'booking.declined':
      return `${creator} declined your booking`;
    case 'booking.expired':
      return 'A booking request expired without an answer';
    case 'booking.cancelled': {
      const refund = cents(payload.refundCents);
      return refund && payload.refundCents ? `A booking was cancelled (refund ${refund})` : 'A booking was cancelled';
    }
    case 'booking.completed':
      return 'A booking was completed';
    case 'booking.disputed':
      return 'A dispute was opened on a booking';
    case 'booking.resolved':
      return 'A dispute was resolved';
    case 'booking.moved':
      return 'A booking moved to the new time';
    case 'booking.time_proposed':
      return `${creator} proposed another time`;
    case 'booking.reminder':
      return 'A booking starts soon';
    case 'payout.paid': {
      const amount = cents(payload.amountCents);
      return amount ? `Payout sent: ${amount}` : 'Payout sent';
    }
    case 'review.created':
      return `${str(payload.reviewerName) ?? 'Someone'} left you a ${payload.rating}-star review`;
    case 'webhook_endpoint.disabled':
      return `Your webhook endpoint ${str(payload.url) ?? ''} was disabled: every delivery failed for 3 days`;
    case 'message.created':
      return `New message from ${str(payload.senderName) ?? 'someone'}`;
    default:
      return type;
  }
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
