import { Alert, CloseButton, List, Text } from '@chakra-ui/react';
import { useCheckoutBookingQuery } from '../../../gql/graphql';
import { formatDeadline } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';

/**
 * After paying: what happens next, in the viewer's zone. The request is sent, the creator has until
 * the request deadline to accept, and the card is only charged when they do.
 */
export function NextStepsCard({ bookingId, onDismiss }: { bookingId: string; onDismiss: () => void }) {
  const zone = useViewerZone();
  const booking = useCheckoutBookingQuery({ variables: { id: bookingId } }).data?.booking;
  if (!booking) return null;
  const creator = booking.creator.displayName;
  const deadline = booking.requestDeadline;
  return (
    <Alert.Root status="success" rounded="xl" role="region" aria-label="What happens next" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>What happens next</Alert.Title>
        <Alert.Description>
          <List.Root as="ol" gap="1" ps="4">
            <List.Item>Your request was sent to {creator}.</List.Item>
            {deadline ? (
              <List.Item data-testid="next-deadline">
                {creator} has until <strong>{formatDeadline(deadline, zone)}</strong> to accept. If they decline or do
                not answer, the hold is released.
              </List.Item>
            ) : (
              <List.Item>{creator} has answered already: see the booking under Bookings.</List.Item>
            )}
            <List.Item>You are not charged until then; the amount is only held on your card.</List.Item>
          </List.Root>
          <Text textStyle="sm" color="fg.muted" mt="2">
            You can withdraw the request for free until it is accepted.
          </Text>
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
    </Alert.Root>
  );
}
