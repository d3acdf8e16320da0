import { HStack, Icon, Skeleton, Text } from '@chakra-ui/react';
import { LuCalendarX } from 'react-icons/lu';
import { cancellationPolicyLine, type Terms } from '../lib/cancellation-terms';

/** The cancellation rule before payment (booking dialog, checkout): one line, the deadline in the viewer's zone. */
export function CancellationPolicyLine({ terms, zone, now }: { terms: Terms | null | undefined; zone: string; now?: Date }) {
  if (!terms) return <Skeleton h="5" role="status" aria-label="Loading the cancellation rule" />;
  return (
    <HStack gap="2" align="flex-start" textStyle="sm" data-testid="cancellation-policy">
      <Icon as={LuCalendarX} boxSize="4" mt="0.5" color="fg.muted" aria-hidden />
      <Text flex="1">{cancellationPolicyLine(terms, zone, now)}</Text>
    </HStack>
  );
}
