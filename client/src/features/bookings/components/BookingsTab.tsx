import { Button, Center, Field, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendarCheck } from 'react-icons/lu';
import type { AccountType, BookingStatus } from '../../../gql/graphql';
import { PanelCard } from '../../../shared/components/content/PanelCard';
import { FormError } from '../../../shared/components/FormError';
import { errorMessage } from '../../../shared/lib/error-message';
import { useBookingFromLink } from '../hooks/useBookingFromLink';
import { useBookingList } from '../hooks/useBookingList';
import { BOOKING_MESSAGES, isCreatorSide, STATUS_FILTERS } from '../lib/booking-view';
import { BookingCard } from './BookingCard';

export interface BookingsTabProfile {
  id: string;
  accountType: AccountType;
  timezone?: string;
}

/** The dashboard's Bookings tab: "My Bookings" as creator and as booker, live. */
export function BookingsTab({ profile }: { profile: BookingsTabProfile | null }) {
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const list = useBookingList(status || null);
  useBookingFromLink(list.bookings.map((booking) => booking.id));

  const filter = (
    <Field.Root w={{ base: 'full', sm: '48' }}>
      <Field.Label srOnly>Status</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label="Filter by status"
          value={status}
          onChange={(event) => setStatus(event.target.value as BookingStatus | '')}
        >
          {STATUS_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <PanelCard
      icon={LuCalendarCheck}
      title="My Bookings"
      description="Requests you received and collabs you booked."
      actions={filter}
    >
      {list.loading ? (
        <Center py="10" gap="3" role="status">
          <Spinner color="brand.solid" />
          <Text color="fg.muted">{BOOKING_MESSAGES.loading}</Text>
        </Center>
      ) : list.error && list.bookings.length === 0 ? (
        <FormError message={errorMessage(list.error, 'Failed to load bookings')} />
      ) : list.bookings.length === 0 ? (
        <Center py="10">
          <Text color="fg.muted">{BOOKING_MESSAGES.empty}</Text>
        </Center>
      ) : (
        <Stack gap="4">
          {list.bookings.map((booking) => (
            <BookingCard key={booking.id} booking={booking} creatorSide={isCreatorSide(booking, profile?.id)} />
          ))}
          {list.hasMore && (
            <Button
              variant="outline"
              alignSelf="center"
              loading={list.loadingMore}
              onClick={() => void list.loadMore()}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </PanelCard>
  );
}
