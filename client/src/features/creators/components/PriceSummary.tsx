import { Button, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import { LuCalendarPlus } from 'react-icons/lu';
import { formatCents } from '../../../shared/lib/money';
import { bookingTotalCents, type SelectionRange } from '../lib/slot-selection';
import { BookingTimes } from './BookingTimes';

interface Props {
  range: SelectionRange | null;
  hourlyRateCents: number;
  creatorTimeZone: string;
  viewerTimeZone: string;
  /** Why booking is not possible at all (e.g. it is the viewer's own profile). */
  blockedReason?: string | null;
  /** A rule the current selection breaks (e.g. the creator's minimum hours). */
  warning?: string | null;
  onBook: () => void;
}

/** Spec §2: the price of the selection (hourly rate × hours, in dollars) and the Book button. */
export function PriceSummary({
  range,
  hourlyRateCents,
  creatorTimeZone,
  viewerTimeZone,
  blockedReason,
  warning,
  onBook,
}: Props) {
  const hours = range?.hours ?? 0;
  return (
    <Stack gap="3" aria-live="polite">
      {range ? (
        <BookingTimes range={range} creatorTimeZone={creatorTimeZone} viewerTimeZone={viewerTimeZone} />
      ) : (
        <Text color="fg.muted" textStyle="sm">
          No time selected yet.
        </Text>
      )}
      <Separator />
      <Flex justify="space-between" textStyle="sm" color="fg.muted">
        <Text>
          {formatCents(hourlyRateCents)} × {hours} hour{hours === 1 ? '' : 's'}
        </Text>
        <Text>{formatCents(bookingTotalCents(hourlyRateCents, hours))}</Text>
      </Flex>
      <Flex justify="space-between" fontWeight="bold" fontSize="lg">
        <Text>Total</Text>
        <Text>{formatCents(bookingTotalCents(hourlyRateCents, hours))}</Text>
      </Flex>
      {(blockedReason || warning) && (
        <Text textStyle="sm" color="fg.warning">
          {blockedReason ?? warning}
        </Text>
      )}
      <Button
        size="lg"
        bgGradient="to-r"
        gradientFrom="brand.solid"
        gradientTo="accent.solid"
        color="white"
        disabled={Boolean(blockedReason)}
        onClick={onBook}
      >
        <LuCalendarPlus aria-hidden />
        Book
      </Button>
    </Stack>
  );
}
