import { Button, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatTime } from '../../../shared/lib/zoned-time';
import { GRID_FIRST_HOUR, GRID_LAST_HOUR, slotsByGridHour } from '../lib/local-dates';
import { isSlotBookable, type SelectableSlot } from '../lib/slot-selection';

interface Props {
  day: Date;
  /** The viewer's zone: the hours of the grid are its hours. */
  zone: string;
  slots: readonly SelectableSlot[];
  selection: readonly string[];
  now: Date;
  onToggle: (slotId: string) => void;
}

type SlotState = 'selected' | 'free' | 'booked' | 'past';

const STATE_LABEL: Record<SlotState, string> = {
  selected: 'selected',
  free: 'available',
  booked: 'booked',
  past: 'past',
};

/**
 * The day's bookable hours between 06:00 and 22:00 in the viewer's zone (spec §5): free hours
 * toggle, booked and past ones (start at or before now) stay visible but disabled.
 */
export function TimeSlotGrid({ day, zone, slots, selection, now, onToggle }: Props) {
  const byHour = slotsByGridHour(slots, day, zone);
  const cells: { hour: number; slot: SelectableSlot; state: SlotState }[] = [];
  for (let hour = GRID_FIRST_HOUR; hour <= GRID_LAST_HOUR; hour++) {
    const slot = byHour.get(hour);
    if (!slot) continue;
    const state: SlotState = selection.includes(slot.id)
      ? 'selected'
      : slot.isBooked
        ? 'booked'
        : isSlotBookable(slot, now)
          ? 'free'
          : 'past';
    cells.push({ hour, slot, state });
  }

  if (!cells.some((cell) => cell.state === 'free' || cell.state === 'selected')) {
    return (
      <Text color="fg.muted" textAlign="center" py="6" role="status">
        No available slots for this date
      </Text>
    );
  }

  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3, lg: 4 }} gap="2" aria-label="Time slots">
      {cells.map(({ hour, slot, state }) => {
        const range = `${formatTime(slot.startTime, zone)} – ${formatTime(slot.endTime, zone)}`;
        return (
          <li key={hour}>
            <Button
              width="full"
              h="auto"
              py="2"
              variant={state === 'selected' ? 'solid' : state === 'free' ? 'outline' : 'subtle'}
              colorPalette={state === 'booked' || state === 'past' ? 'gray' : 'brand'}
              disabled={state === 'booked' || state === 'past'}
              aria-pressed={state === 'selected'}
              onClick={() => onToggle(slot.id)}
            >
              {/* Named "9:00 AM – 10:00 AM, available"; the two visible lines are hidden from assistive tech. */}
              <VisuallyHidden>{`${range}, ${STATE_LABEL[state]}`}</VisuallyHidden>
              <Stack gap="0" align="center" aria-hidden>
                <Text as="span" fontWeight="semibold">
                  {formatTime(slot.startTime, zone)}
                </Text>
                {/* Full colour: faded (80%), white on the selected hour's violet falls to 4.2:1. */}
                <Text as="span" textStyle="xs">
                  {state === 'booked' ? 'Booked' : state === 'past' ? 'Past' : `to ${formatTime(slot.endTime, zone)}`}
                </Text>
              </Stack>
            </Button>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
