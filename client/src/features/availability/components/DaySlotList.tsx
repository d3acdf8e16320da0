import { Badge, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import type { DaySlotList_SlotFragment } from '../../../gql/graphql';
import { formatTimeRange } from '../../../shared/lib/zoned-time';

interface Props {
  slots: DaySlotList_SlotFragment[];
  zone: string;
  now: Date;
  deletingId?: string;
  onDelete: (slot: DaySlotList_SlotFragment) => void;
}

/** The slots of one day: time range, Booked/Available, and Delete for free future slots. */
export function DaySlotList({ slots, zone, now, deletingId, onDelete }: Props) {
  if (slots.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm" py="2">
        No availability slots for this day yet.
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Slots of the selected day">
      {slots.map((slot) => {
        const range = formatTimeRange(slot.startTime, slot.endTime, zone);
        const deletable = !slot.isBooked && new Date(slot.startTime).getTime() > now.getTime();
        return (
          <Flex
            as="li"
            key={slot.id}
            align="center"
            justify="space-between"
            gap="3"
            px="3"
            py="1.5"
            minH="11"
            rounded="lg"
            borderWidth="1px"
            borderColor="border.muted"
            bg="surface.raised"
          >
            <Text fontWeight="medium" textStyle="sm">
              {range}
            </Text>
            <Flex align="center" gap="2">
              <Badge colorPalette={slot.isBooked ? 'orange' : 'green'} variant="subtle">
                {slot.isBooked ? 'Booked' : 'Available'}
              </Badge>
              {deletable && (
                <IconButton
                  aria-label={`Delete slot ${range}`}
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  loading={deletingId === slot.id}
                  onClick={() => onDelete(slot)}
                >
                  <LuTrash2 />
                </IconButton>
              )}
            </Flex>
          </Flex>
        );
      })}
    </Stack>
  );
}
