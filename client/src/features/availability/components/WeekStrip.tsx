import { Box, Button, Flex, Grid, IconButton, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { formatDayKey, weekDays, type DayKey } from '../../../shared/lib/zoned-time';

interface Props {
  weekStart: DayKey;
  today: DayKey;
  selected: DayKey | null;
  /** Slots per day of the week shown; undefined while loading. */
  counts: Record<DayKey, number> | undefined;
  onSelect: (day: DayKey) => void;
  onPreviousWeek: () => void;
  onNextWeek: () => void;
  onToday: () => void;
}

const slotsLabel = (n: number) => `${n} ${n === 1 ? 'slot' : 'slots'}`;

/** Seven days from Sunday, each with its slot count; past days cannot be picked. */
export function WeekStrip({
  weekStart,
  today,
  selected,
  counts,
  onSelect,
  onPreviousWeek,
  onNextWeek,
  onToday,
}: Props) {
  const days = weekDays(weekStart);
  const range = `${formatDayKey(days[0], { month: 'short', day: 'numeric' })} – ${formatDayKey(days[6], {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })}`;

  return (
    <Box>
      <Flex align="center" justify="space-between" gap="2" mb="3">
        <IconButton aria-label="Previous week" variant="outline" size="sm" onClick={onPreviousWeek}>
          <LuChevronLeft />
        </IconButton>
        <Text fontWeight="semibold" textStyle="sm" textAlign="center" aria-live="polite">
          {range}
        </Text>
        <Flex gap="2">
          <Button variant="outline" size="sm" onClick={onToday}>
            Today
          </Button>
          <IconButton aria-label="Next week" variant="outline" size="sm" onClick={onNextWeek}>
            <LuChevronRight />
          </IconButton>
        </Flex>
      </Flex>

      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap={{ base: '1', sm: '2' }} role="group" aria-label="Week">
        {days.map((day) => {
          const past = day < today;
          const isSelected = day === selected;
          const count = counts?.[day];
          const countText = count === undefined ? '…' : String(count);
          return (
            <Button
              key={day}
              data-day={day}
              onClick={() => onSelect(day)}
              disabled={past}
              aria-pressed={isSelected}
              variant={isSelected ? 'solid' : day === today ? 'subtle' : 'outline'}
              h="auto"
              minW="0"
              px="0"
              py={{ base: '2', sm: '3' }}
              flexDirection="column"
              gap="0.5"
              rounded="lg"
              borderColor={day === today && !isSelected ? 'brand.solid' : undefined}
            >
              {/* The name says the whole date; the short visible parts are hidden from assistive tech. */}
              <VisuallyHidden>
                {`${formatDayKey(day)}${day === today ? ' (today)' : ''}: ${
                  count === undefined ? 'loading slots' : slotsLabel(count)
                }`}
              </VisuallyHidden>
              <Text as="span" aria-hidden textStyle="xs" textTransform="uppercase">
                {formatDayKey(day, { weekday: 'short' })}
              </Text>
              <Text as="span" aria-hidden textStyle={{ base: 'md', sm: 'lg' }} fontWeight="bold">
                {formatDayKey(day, { day: 'numeric' })}
              </Text>
              <Text as="span" aria-hidden textStyle="xs">
                {countText}
                <Box as="span" hideBelow="md">
                  {count === 1 ? ' slot' : ' slots'}
                </Box>
              </Text>
            </Button>
          );
        })}
      </Grid>
    </Box>
  );
}
