import { Button, Center, EmptyState, Flex, Heading, Popover, Separator, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { LuBellOff } from 'react-icons/lu';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { toast } from '../../../shared/toast';
import { useNotificationList } from '../hooks/useNotificationList';
import { notificationIcon, notificationLink } from '../lib/notification-view';
import { NotificationItem } from './NotificationItem';
import { formatBookingHours } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';

/** The bell's panel: notifications newest first, each a link; "Mark all as read"; "Load more". */
export function NotificationPanel({ unread, onNavigate }: { unread: number; onNavigate: () => void }) {
  const list = useNotificationList();
  const zone = useViewerZone();

  const markAll = async () => {
    try {
      await list.mark({ all: true });
    } catch (error) {
      toast.error('Could not mark notifications as read', errorMessage(error, 'Please try again.'));
    }
  };

  return (
    <>
      <Popover.Header px="4" pt="3" pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="sm">
            Notifications
          </Heading>
          <Button size="xs" variant="ghost" onClick={() => void markAll()} loading={list.marking} disabled={unread === 0}>
            Mark all as read
          </Button>
        </Flex>
      </Popover.Header>
      <Separator />
      <Popover.Body p="1.5" maxH="min(28rem, 70dvh)" overflowY="auto">
        {list.loading ? (
          <Center py="8" role="status">
            <Spinner color="brand.solid" />
            <Text srOnly>Loading notifications</Text>
          </Center>
        ) : list.error && list.notifications.length === 0 ? (
          <FormError message={errorMessage(list.error, 'Failed to load notifications')} />
        ) : list.notifications.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuBellOff />
              </EmptyState.Indicator>
              <VStack textAlign="center" gap="1">
                <EmptyState.Title>You're all caught up</EmptyState.Title>
                <EmptyState.Description>Requests, answers, messages and payouts show up here.</EmptyState.Description>
              </VStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" gap="0.5" listStyleType="none" aria-label="Notifications, newest first">
            {list.notifications.map((n) => (
              <li key={n.id}>
                <NotificationItem
                  title={n.text}
                  body={n.bookingStartTime && n.bookingEndTime ? `Booking ${formatBookingHours(n.bookingStartTime, n.bookingEndTime, zone)}` : null}
                  createdAt={n.createdAt}
                  read={Boolean(n.readAt)}
                  icon={notificationIcon(n.type)}
                  to={notificationLink(n)}
                  onOpen={() => {
                    onNavigate();
                    if (!n.readAt) void list.mark({ ids: [n.id] }).catch(() => undefined);
                  }}
                />
              </li>
            ))}
            {list.hasMore && (
              <Center as="li" py="2">
                <Button size="xs" variant="outline" loading={list.loadingMore} onClick={() => void list.loadMore()}>
                  Load more
                </Button>
              </Center>
            )}
          </Stack>
        )}
      </Popover.Body>
    </>
  );
}
