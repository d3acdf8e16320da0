import { Box, Button, Grid, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import {
  addMonths,
  formatLongDate,
  formatMonth,
  isSameDay,
  monthGridDays,
  startOfDay,
  startOfMonth,
} from '../lib/local-dates';

const WEEKDAYS = [
  { short: 'Su', long: 'Sunday' },
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
];

interface Props {
  /** Any day of the month on show. */
  month: Date;
  onMonthChange: (month: Date) => void;
  selected: Date;
  onSelect: (day: Date) => void;
  today: Date;
  /** Days with at least one free hour get a dot. */
  hasFreeHours?: (day: Date) => boolean;
}

/**
 * A month of days, weeks starting on Sunday (spec §9). Days before today are disabled (spec §5);
 * the months before the current one cannot be shown.
 */
export function MonthCalendar({ month, onMonthChange, selected, onSelect, today, hasFreeHours }: Props) {
  const firstOfMonth = startOfMonth(month);
  const isCurrentMonth = firstOfMonth.getTime() <= startOfMonth(today).getTime();
  const todayStart = startOfDay(today);

  return (
    <Stack gap="3" role="group" aria-label="Choose a date">
      <HStack justify="space-between">
        <IconButton
          aria-label="Previous month"
          variant="ghost"
          size="sm"
          disabled={isCurrentMonth}
          onClick={() => onMonthChange(addMonths(firstOfMonth, -1))}
        >
          <LuChevronLeft />
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {formatMonth(firstOfMonth)}
        </Text>
        <IconButton
          aria-label="Next month"
          variant="ghost"
          size="sm"
          onClick={() => onMonthChange(addMonths(firstOfMonth, 1))}
        >
          <LuChevronRight />
        </IconButton>
      </HStack>

      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1" textAlign="center">
        {WEEKDAYS.map((day) => (
          <Text key={day.short} as="abbr" title={day.long} textStyle="xs" color="fg.muted" textDecoration="none" py="1">
            {day.short}
          </Text>
        ))}
        {monthGridDays(firstOfMonth).map((day, index) => {
          if (!day) return <Box key={`pad-${index}`} aria-hidden />;
          const past = day.getTime() < todayStart.getTime();
          const isSelected = isSameDay(day, selected);
          const isToday = isSameDay(day, today);
          const free = !past && Boolean(hasFreeHours?.(day));
          return (
            <Button
              key={day.getDate()}
              size="sm"
              h="10"
              minW="0"
              px="0"
              position="relative"
              variant={isSelected ? 'solid' : isToday ? 'outline' : 'ghost'}
              disabled={past}
              aria-pressed={isSelected}
              aria-current={isToday ? 'date' : undefined}
              aria-label={`${formatLongDate(day)}${free ? ', has free hours' : ''}`}
              onClick={() => onSelect(day)}
            >
              {day.getDate()}
              {free && (
                <Box
                  as="span"
                  aria-hidden
                  position="absolute"
                  bottom="1"
                  left="50%"
                  transform="translateX(-50%)"
                  boxSize="1"
                  rounded="full"
                  bg={isSelected ? 'colorPalette.contrast' : 'colorPalette.solid'}
                />
              )}
            </Button>
          );
        })}
      </Grid>
    </Stack>
  );
}
