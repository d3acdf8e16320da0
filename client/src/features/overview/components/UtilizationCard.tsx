import { Badge, Card, Heading, HStack, Progress, Text } from '@chakra-ui/react';
import { GlassCard } from '../../../shared/components/content/GlassCard';
import { formatPercent, utilizationTone } from '../lib/overview-rules';

interface Props {
  utilizationPercent: number;
  bookedSlots: number;
  totalSlots: number;
}

/** Booked slots over all slots, with the green / orange / red badge of spec §9. */
export function UtilizationCard({ utilizationPercent, bookedSlots, totalSlots }: Props) {
  const tone = utilizationTone(utilizationPercent);
  const percent = formatPercent(utilizationPercent);
  return (
    <GlassCard height="full">
      <Card.Body gap="3" p={{ base: '4', md: '5' }}>
        <HStack justify="space-between" gap="3">
          <Heading as="h3" size="md">
            Slot Utilization
          </Heading>
          <Badge colorPalette={tone} variant="solid" size="lg" data-tone={tone}>
            {percent}
          </Badge>
        </HStack>
        <Progress.Root
          value={Math.min(100, utilizationPercent)}
          colorPalette={tone}
          size="sm"
          aria-label="Slot utilization"
        >
          <Progress.Track rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm" color="fg.muted">
          {totalSlots === 0
            ? 'You have no availability slots yet.'
            : `${bookedSlots} of ${totalSlots} ${totalSlots === 1 ? 'slot' : 'slots'} booked`}
        </Text>
      </Card.Body>
    </GlassCard>
  );
}
