import { Stack, Text } from '@chakra-ui/react';
import { formatTime } from '../../../shared/lib/zoned-time';
import { formatLongDate } from '../lib/local-dates';
import type { SelectionRange } from '../lib/slot-selection';

/** The selected hours in the viewer's zone, and the same hours on the creator's clock when that reads differently. */
export function BookingTimes({ range, creatorTimeZone }: { range: SelectionRange; creatorTimeZone: string }) {
  const viewer = `${formatTime(range.startTime)} – ${formatTime(range.endTime)}`;
  const creator = `${formatTime(range.startTime, creatorTimeZone)} – ${formatTime(range.endTime, creatorTimeZone)}`;
  return (
    <Stack gap="0.5">
      <Text fontWeight="semibold">{formatLongDate(range.startTime)}</Text>
      <Text>
        {viewer} ({range.hours} hour{range.hours === 1 ? '' : 's'})
      </Text>
      {creator !== viewer && (
        <Text textStyle="xs" color="fg.muted">
          {creator} creator's time ({creatorTimeZone})
        </Text>
      )}
    </Stack>
  );
}
