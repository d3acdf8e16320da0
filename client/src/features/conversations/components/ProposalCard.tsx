import { Badge, Box, Button, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCalendarClock } from 'react-icons/lu';
import { formatDay, formatTime, formatTimeRange } from '../../../shared/lib/zoned-time';

export type ProposalState = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'SUPERSEDED';

const STATE_BADGE: Record<ProposalState, { label: string; palette: string }> = {
  PENDING: { label: 'Awaiting answer', palette: 'yellow' },
  ACCEPTED: { label: 'Accepted', palette: 'green' },
  DECLINED: { label: 'Declined', palette: 'red' },
  SUPERSEDED: { label: 'Another time was taken', palette: 'gray' },
};

interface Props {
  /** Who proposed (the creator's display name). */
  proposerName: string;
  startTime: string;
  endTime: string;
  state: ProposalState;
  createdAt: string;
  /** The booker may answer (a pending proposal on their own booking). */
  canRespond: boolean;
  /** Who is expected to answer, for the proposer's "waiting" line. */
  responderName?: string;
  mine: boolean;
  /** The reader's time zone (their profile's): the hours and the zone named are shown in it. */
  zone: string;
  responding?: 'accept' | 'decline' | null;
  onAccept?: () => void;
  onDecline?: () => void;
}

/** The creator's "another time" for a pending request, with the booker's Accept / Decline. */
export function ProposalCard({
  proposerName,
  startTime,
  endTime,
  state,
  createdAt,
  canRespond,
  responderName,
  mine,
  zone,
  responding,
  onAccept,
  onDecline,
}: Props) {
  const badge = STATE_BADGE[state];
  const hours = Math.round((Date.parse(endTime) - Date.parse(startTime)) / 3_600_000);
  const when = `${formatDay(startTime, zone)} · ${formatTimeRange(startTime, endTime, zone)}`;
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} w="full">
      <Box
        as="article"
        aria-label={`Proposed time: ${when}`}
        w={{ base: '90%', md: '22rem' }}
        maxW="full"
        p="4"
        rounded="2xl"
        bg="bg.panel"
        borderWidth="1px"
        borderColor={state === 'PENDING' ? 'brand.muted' : 'border'}
        shadow="xs"
      >
        <Stack gap="3">
          <Flex gap="2" align="center" justify="space-between" wrap="wrap">
            <Flex gap="2" align="center">
              <Icon as={LuCalendarClock} color="brand.fg" boxSize="4" aria-hidden />
              <Text textStyle="sm" fontWeight="semibold">
                {mine ? 'You proposed another time' : `${proposerName} proposed another time`}
              </Text>
            </Flex>
            <Badge colorPalette={badge.palette} variant="subtle" aria-label={`Proposal: ${badge.label}`}>
              {badge.label}
            </Badge>
          </Flex>
          <Box>
            <Text fontWeight="semibold" textDecoration={state === 'PENDING' || state === 'ACCEPTED' ? undefined : 'line-through'}>
              {when}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {hours} {hours === 1 ? 'hour' : 'hours'} · times in your time zone ({zone}) · sent{' '}
              <time dateTime={createdAt}>{formatTime(createdAt, zone)}</time>
            </Text>
          </Box>
          {state === 'PENDING' &&
            (canRespond ? (
              <Flex gap="2" wrap="wrap" role="group" aria-label="Answer the proposal">
                <Button
                  size="sm"
                  colorPalette="green"
                  loading={responding === 'accept'}
                  disabled={Boolean(responding)}
                  onClick={onAccept}
                >
                  Accept new time
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  loading={responding === 'decline'}
                  disabled={Boolean(responding)}
                  onClick={onDecline}
                >
                  Decline
                </Button>
              </Flex>
            ) : (
              <Text textStyle="xs" color="fg.muted">
                {responderName ? `Waiting for ${responderName} to answer.` : 'Waiting for an answer.'}
              </Text>
            ))}
        </Stack>
      </Box>
    </Flex>
  );
}
