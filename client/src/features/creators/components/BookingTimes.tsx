import { Stack, Text } from '@chakra-ui/react';
import { formatLongDate, formatTime, zoneAbbreviation } from '../../../shared/lib/zoned-time';
import type { SelectionRange } from '../lib/slot-selection';

/**
 * The selected hours in the viewer's zone (named), and the same hours on the creator's clock when
 * that reads differently.
 */
export function BookingTimes({
  range,
  creatorTimeZone,
  viewerTimeZone,
}: {
  range: SelectionRange;
  creatorTimeZone: string;
  viewerTimeZone: string;
}) {
  const viewer = `${formatTime(range.startTime, viewerTimeZone)} – ${formatTime(range.endTime, viewerTimeZone)}`;
  const creator = `${formatTime(range.startTime, creatorTimeZone)} – ${formatTime(range.endTime, creatorTimeZone)}`;
  return (
    <Stack gap="0.5">
      <Text fontWeight="semibold">{formatLongDate(range.startTime, viewerTimeZone)}</Text>
      <Text>
        {viewer} {zoneAbbreviation(viewerTimeZone, range.startTime)} ({range.hours} hour{range.hours === 1 ? '' : 's'})
      </Text>
      {creator !== viewer && (
        <Text textStyle="xs" color="fg.muted">
          {creator} creator's time ({creatorTimeZone})
        </Text>
      )}
    </Stack>
  );
}
