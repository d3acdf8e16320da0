import { Alert, CloseButton, List, Text } from '@chakra-ui/react';
import { useNextStepsBookingQuery } from '../../../gql/graphql';
import { formatCents } from '../../../shared/lib/money';
import { formatDeadline } from '../../../shared/lib/zoned-time';
import { useBookingEvents } from '../../bookings/live/booking-events';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { READ_AGAIN_ON_CHANGE } from '../../../shared/lib/read-again';

/**
 * After paying: what happens next, in the viewer's zone, told from where the booking is on the
 * server. While the request waits, the creator has until the request deadline to accept and the
 * amount is only held on the card; once the ledger shows it charged (the creator accepted), the box
 * says so and how much; a request that ended unanswered or declined says the hold was released.
 * It follows the booking live.
 */
export function NextStepsCard({ bookingId, onDismiss }: { bookingId: string; onDismiss: () => void }) {
  const zone = useViewerZone();
  const query = useNextStepsBookingQuery({ variables: { id: bookingId }, fetchPolicy: 'cache-and-network', ...READ_AGAIN_ON_CHANGE });
  const { refetch } = query;
  useBookingEvents((changed) => {
    if (changed.id === bookingId) void refetch().catch(() => undefined);
  });
  const booking = query.data?.booking;
  if (!booking) return null;
  const creator = booking.creator.displayName;
  const { chargedCents, refundedCents } = booking.money;
  const waiting = booking.status === 'PENDING';
  const released = !waiting && chargedCents === 0;

  const steps = waiting ? (
    <>
      <List.Item>Your request was sent to {creator}.</List.Item>
      {booking.requestDeadline && (
        <List.Item data-testid="next-deadline">
          {creator} has until <strong>{formatDeadline(booking.requestDeadline, zone)}</strong> to accept. If they
          decline or do not answer, the hold is released.
        </List.Item>
      )}
      <List.Item>You are not charged until then; the amount is only held on your card.</List.Item>
    </>
  ) : released ? (
    <>
      <List.Item>The request ended without a booking: see it under Bookings.</List.Item>
      <List.Item>The hold on your card was released; you were not charged.</List.Item>
    </>
  ) : (
    <>
      <List.Item>{creator} accepted your request: see the booking under Bookings.</List.Item>
      <List.Item>
        <strong>{formatCents(chargedCents)}</strong> was charged to your card.
      </List.Item>
      {refundedCents > 0 && (
        <List.Item>
          <strong>{formatCents(refundedCents)}</strong> was refunded to your card.
        </List.Item>
      )}
    </>
  );

  return (
    <Alert.Root status={released ? 'info' : 'success'} rounded="xl" role="region" aria-label="What happens next" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>What happens next</Alert.Title>
        <Alert.Description>
          <List.Root as="ol" gap="1" ps="4">
            {steps}
          </List.Root>
          {waiting && (
            <Text textStyle="sm" color="fg.muted" mt="2">
              You can withdraw the request for free until it is accepted.
            </Text>
          )}
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
    </Alert.Root>
  );
}
