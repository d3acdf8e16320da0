import { Badge, Flex } from '@chakra-ui/react';
import type { BookingStatus, PaymentStatus } from '../../../gql/graphql';
import { PAYMENT_BADGES, STATUS_BADGES } from '../lib/booking-view';

/** The booking's status and payment status, as two badges. */
export function BookingStatusBadges({
  status,
  paymentStatus,
}: {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
}) {
  const s = STATUS_BADGES[status];
  const p = PAYMENT_BADGES[paymentStatus];
  return (
    <Flex gap="1.5" wrap="wrap">
      <Badge colorPalette={s.palette} variant="solid" aria-label={`Status: ${s.label}`}>
        {s.label}
      </Badge>
      <Badge colorPalette={p.palette} variant="outline" aria-label={`Payment: ${p.label}`}>
        Payment: {p.label}
      </Badge>
    </Flex>
  );
}
