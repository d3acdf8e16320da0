import { Button, Center, Field, NativeSelect, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuCalendarClock } from 'react-icons/lu';
import { useProposalFreeHoursQuery } from '../../../gql/graphql';
import { ActionDialog } from '../../../shared/components/ActionDialog';
import { dayKeyOf, formatDay, formatTimeRange } from '../../../shared/lib/zoned-time';
import { useViewerZone } from '../../profile/hooks/useViewerZone';
import { proposalOptions, type ProposalOption } from '../lib/proposal-times';

/** How far ahead the picker looks for free hours. */
const PROPOSAL_WINDOW_DAYS = 28;

interface Props {
  creatorId: string;
  booking: { startTime: string; endTime: string };
  /** Sends the proposal; resolves true when it was made. */
  onPropose: (option: ProposalOption) => Promise<boolean>;
  proposing?: boolean;
}

/**
 * The creator's "Propose another time" for a pending request: a day, then a start among the
 * creator's own free hours long enough for the booking (same number of hours).
 */
export function ProposeTimeDialog({ creatorId, booking, onPropose, proposing }: Props) {
  const [open, setOpen] = useState(false);
  const [from] = useState(() => new Date());
  const to = useMemo(() => new Date(from.getTime() + PROPOSAL_WINDOW_DAYS * 86_400_000), [from]);
  const hours = Math.max(1, Math.round((Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 3_600_000));
  const { data, loading } = useProposalFreeHoursQuery({
    variables: { creatorId, from: from.toISOString(), to: to.toISOString() },
    skip: !open,
    fetchPolicy: 'network-only',
  });
  const zone = useViewerZone();
  const options = useMemo(
    () => proposalOptions(data?.availabilitySlots ?? [], hours, from, booking),
    [data, hours, from, booking],
  );
  const days = useMemo(() => {
    const byDay = new Map<string, { label: string; options: ProposalOption[] }>();
    for (const option of options) {
      const key = dayKeyOf(option.startTime, zone);
      if (!byDay.has(key)) byDay.set(key, { label: formatDay(option.startTime, zone), options: [] });
      byDay.get(key)!.options.push(option);
    }
    return [...byDay.entries()];
  }, [options, zone]);

  const [dayChoice, setDayChoice] = useState<string>('');
  const [picked, setPicked] = useState<ProposalOption | null>(null);
  // The booking's own day first (a shift of an hour or two is the likeliest move), else the first day with a start.
  const bookingDay = dayKeyOf(booking.startTime, zone);
  const day = days.find(([key]) => key === dayChoice) ?? days.find(([key]) => key === bookingDay) ?? days[0];

  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline">
          <LuCalendarClock aria-hidden />
          Propose another time
        </Button>
      }
      title="Propose another time"
      confirmLabel="Send proposal"
      confirmDisabled={!picked}
      loading={proposing}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPicked(null);
      }}
      onConfirm={async () => (picked ? (await onPropose(picked)) || false : false)}
    >
      <Text textStyle="sm" color="fg.muted">
        Pick {hours === 1 ? 'an hour' : `${hours} back-to-back hours`} from your free time. The client can accept it
        (the booking moves, the price stays per hour) or decline it. Times in your time zone ({zone}).
      </Text>
      <Text textStyle="sm">
        Now: {formatDay(booking.startTime, zone)}, {formatTimeRange(booking.startTime, booking.endTime, zone)}. Its own hours are free for
        this move.
      </Text>
      {loading ? (
        <Center py="6" role="status">
          <Spinner color="brand.solid" />
          <Text srOnly>Loading your free hours</Text>
        </Center>
      ) : days.length === 0 ? (
        <Text role="status" color="fg.muted" textAlign="center" py="4">
          You have no free {hours === 1 ? 'hour' : `run of ${hours} hours`} in the next {PROPOSAL_WINDOW_DAYS} days. Add
          availability first.
        </Text>
      ) : (
        <Stack gap="4">
          <Field.Root>
            <Field.Label>Day</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={day?.[0] ?? ''}
                onChange={(event) => {
                  setDayChoice(event.target.value);
                  setPicked(null);
                }}
              >
                {days.map(([key, { label, options: dayOptions }]) => (
                  <option key={key} value={key}>
                    {label} ({dayOptions.length} {dayOptions.length === 1 ? 'start' : 'starts'})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2 }} gap="2" aria-label="Free times">
            {day?.[1].options.map((option) => {
              const label = formatTimeRange(option.startTime, option.endTime, zone);
              const selected = picked?.slotId === option.slotId;
              return (
                <li key={option.slotId}>
                  <Button
                    w="full"
                    size="sm"
                    variant={selected ? 'solid' : 'outline'}
                    aria-pressed={selected}
                    onClick={() => setPicked(option)}
                  >
                    {label}
                  </Button>
                </li>
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
    </ActionDialog>
  );
}
