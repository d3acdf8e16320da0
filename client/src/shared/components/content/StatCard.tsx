import { Card, HStack, Stat } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { GlassCard } from './GlassCard';
import { IconBadge } from './IconBadge';

interface Props {
  label: string;
  value: string;
  icon: IconType;
  palette?: string;
  help?: string;
}

/** One figure of a dashboard tab: icon, label and value (and an optional hint). */
export function StatCard({ label, value, icon, palette = 'brand', help }: Props) {
  return (
    <GlassCard>
      <Card.Body p={{ base: '4', md: '5' }}>
        <HStack gap="4" align="center">
          <IconBadge icon={icon} colorPalette={palette} />
          <Stat.Root>
            <Stat.Label color="fg.muted">{label}</Stat.Label>
            <Stat.ValueText fontSize="2xl">{value}</Stat.ValueText>
            {help && <Stat.HelpText color="fg.muted">{help}</Stat.HelpText>}
          </Stat.Root>
        </HStack>
      </Card.Body>
    </GlassCard>
  );
}
