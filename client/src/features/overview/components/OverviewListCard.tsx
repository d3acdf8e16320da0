import { Card, Heading, Stack, StackSeparator, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { GlassCard } from '../../../shared/components/content/GlassCard';

interface Props {
  title: string;
  /** Shown instead of the list when it has no rows. */
  emptyText: string;
  isEmpty: boolean;
  /** `<li>` rows. */
  children: ReactNode;
}

/** A titled list of up to 5 bookings, or its empty text (spec §8 empty states). */
export function OverviewListCard({ title, emptyText, isEmpty, children }: Props) {
  return (
    <GlassCard height="full">
      <Card.Body gap="2" p={{ base: '4', md: '5' }}>
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {isEmpty ? (
          <Text color="fg.muted" py="6" textAlign="center">
            {emptyText}
          </Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" separator={<StackSeparator />} aria-label={title}>
            {children}
          </Stack>
        )}
      </Card.Body>
    </GlassCard>
  );
}
