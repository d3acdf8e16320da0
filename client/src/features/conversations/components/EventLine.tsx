import { Flex, Icon, Text } from '@chakra-ui/react';
import { LuCircleDot } from 'react-icons/lu';
import { formatBookingHours, formatTime } from '../../../shared/lib/zoned-time';

interface Props {
  text: string;
  createdAt: string;
  /** The hours of the booking the line is about (a thread holds every booking of the pair). */
  bookingStartTime?: string | null;
  bookingEndTime?: string | null;
  zone?: string;
}

/** A booking's history in its thread: "Booking accepted · Booking Tue, Dec 1 · 2:00 PM – 3:00 PM", as a centred line. */
export function EventLine({ text, createdAt, bookingStartTime, bookingEndTime, zone }: Props) {
  const booking = bookingStartTime && bookingEndTime ? `Booking ${formatBookingHours(bookingStartTime, bookingEndTime, zone)}` : null;
  return (
    <Flex justify="center" w="full" role="note" aria-label={`Booking event: ${text}${booking ? ` (${booking})` : ''}`}>
      <Flex
        direction="column"
        align="center"
        maxW="full"
        px="3"
        py="1"
        rounded="xl"
        bg="bg.subtle"
        borderWidth="1px"
        borderColor="border.muted"
        textAlign="center"
      >
        <Flex align="center" gap="2" maxW="full">
          <Icon as={LuCircleDot} boxSize="3" color="brand.fg" aria-hidden flexShrink={0} />
          <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
            {text}
            <Text as="span">
              {' · '}
              <time dateTime={createdAt}>{formatTime(createdAt, zone)}</time>
            </Text>
          </Text>
        </Flex>
        {booking && (
          <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere" data-testid="event-line-booking">
            {booking}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
