import { List, Text } from '@chakra-ui/react';
import type { BookingAction, BookingHistoryList_EntryFragment, BookingStatus, PaymentStatus } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDateTime } from '../../../shared/lib/zoned-time';
import { PAYMENT_BADGES, STATUS_BADGES } from '../lib/booking-view';

/** `OPEN_DISPUTE` → "Open dispute". */
const actionLabel = (action: BookingAction) => action.charAt(0) + action.slice(1).toLowerCase().replace(/_/g, ' ');

const stateLabel = (status: BookingStatus, payment: PaymentStatus) =>
  `${STATUS_BADGES[status].label} / ${PAYMENT_BADGES[payment].label}`;

/** A booking's applied moves, oldest first: who did what, from which state to which, money moved and why. */
export function BookingHistoryList({ history, label }: { history: BookingHistoryList_EntryFragment[]; label: string }) {
  if (history.length === 0) return <Text color="fg.muted">No moves recorded yet.</Text>;
  return (
    <List.Root as="ol" aria-label={label} gap="1" textStyle="sm" ps="5">
      {history.map((h) => (
        <List.Item key={h.id}>
          <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time> · {actionLabel(h.action)} by {h.actor}:{' '}
          {stateLabel(h.fromStatus, h.fromPaymentStatus)} → {stateLabel(h.toStatus, h.toPaymentStatus)}
          {h.amountCents ? ` · ${formatCents(h.amountCents)}` : ''}
          {h.reason ? ` · “${h.reason}”` : ''}
        </List.Item>
      ))}
    </List.Root>
  );
}
