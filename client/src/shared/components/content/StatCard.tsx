import { Card, Stack, Stat } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { GlassCard } from './GlassCard';
import { IconBadge } from './IconBadge';

interface Props {
  label: string;
  value: string;
  icon: IconType;
  palette?: string;
  help?: string;
  /** In a two-column phone grid: the icon goes above the figure below the `sm` breakpoint. */
  compact?: boolean;
}

/** One figure of a dashboard tab: icon, label and value (and an optional hint). */
export function StatCard({ label, value, icon, palette = 'brand', help, compact = false }: Props) {
  return (
    <GlassCard height="full">
      <Card.Body p={{ base: '4', md: '5' }}>
        <Stack
          direction={compact ? { base: 'column', sm: 'row' } : 'row'}
          gap={compact ? { base: '3', sm: '4' } : '4'}
          align={compact ? { base: 'start', sm: 'center' } : 'center'}
        >
          <IconBadge icon={icon} colorPalette={palette} />
          <Stat.Root>
            <Stat.Label color="fg.muted">{label}</Stat.Label>
            <Stat.ValueText fontSize={compact ? { base: 'xl', sm: '2xl' } : '2xl'}>{value}</Stat.ValueText>
            {help && (
              <Stat.HelpText as="dd" color="fg.muted">
                {help}
              </Stat.HelpText>
            )}
          </Stat.Root>
        </Stack>
      </Card.Body>
    </GlassCard>
  );
}
